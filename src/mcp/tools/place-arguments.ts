import { z } from 'zod';

/** The place a tool's answer is about, as search_local_products and get_product take it (each optional). */
export const PLACE_ARGUMENTS = {
  city: z.string().max(200).optional().describe('City name, accents optional ("sao paulo"); a state may follow ("Campinas, SP")'),
  district: z.string().max(200).optional().describe('District (bairro) within the city ("Pinheiros")'),
  latitude: z.number().min(-90).max(90).optional().describe('Latitude of the searcher; give longitude too'),
  longitude: z.number().min(-180).max(180).optional().describe('Longitude of the searcher; give latitude too'),
};
