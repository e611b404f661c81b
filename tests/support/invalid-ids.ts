/** Path segments that are not a canonical positive integer id (docs/api.md, REST). */
export const INVALID_IDS = [
  '0', '-1', '01', '00', '1.5', '1e3', 'abc', '+1', '0x10', '1_000', '9007199254740992',
  '99999999999999999999', '%31', '1%20', '%201', '%EF%BC%91', '1%00', '',
];
