/**
 * Whether an Accept header names `mediaType` itself with a weight above 0. RFC 9110 12.5.1: a
 * weight of 0 means "not acceptable", so `text/event-stream;q=0` refuses the event stream it
 * names. Ranges (`text/*`, `*\/*`) are not read as naming it: a client that takes anything has
 * not asked for this type. Named more than once, the highest weight counts.
 */
export function namesMediaType(accept: string | null, mediaType: string): boolean {
  if (accept === null) return false;
  const wanted = mediaType.toLowerCase();
  let weight = 0;
  for (const member of accept.split(',')) {
    const [type = '', ...params] = member.split(';').map((part) => part.trim().toLowerCase());
    if (type !== wanted) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const read = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weight = Math.max(weight, Number.isFinite(read) ? read : 0);
  }
  return weight > 0;
}
