// The repository's build plugin: the price history between the site's Blobs and the build's file
// system (src/netlify-build/price-history-blobs.ts). A plugin, not the build command, because only
// plugins get the site's Blobs credentials during a build (NETLIFY_BLOBS_CONTEXT). Plain
// JavaScript: Netlify loads a TypeScript plugin through ts-node's require, which this ES-module
// project cannot take; the modules it imports run under the build's Node 24, which reads TypeScript.
import { getStore } from '@netlify/blobs';
import { loadConfig } from '../../../src/config/config.ts';
import { bringHistoryDown, PRICE_HISTORY_STORE, putHistoryBack } from '../../../src/netlify-build/price-history-blobs.ts';

const store = () => getStore({ name: PRICE_HISTORY_STORE, consistency: 'strong' });

/** Before the build command: the history into PRICE_HISTORY_DB, where the build reads and records it. */
export const onPreBuild = async ({ utils }) => {
  try {
    console.log(`[price-history] ${await bringHistoryDown(store(), loadConfig().priceHistory.store)}`);
  } catch (error) {
    utils.build.failBuild(`[price-history] the site's price history could not be brought down: ${error.message}`, { error });
  }
};

/** After it, before the deploy goes live: the history the build recorded, put back only over the version brought down. */
export const onPostBuild = async ({ utils }) => {
  try {
    console.log(`[price-history] ${await putHistoryBack(store(), loadConfig().priceHistory.store)}`);
  } catch (error) {
    utils.build.failBuild(`[price-history] ${error.message}`, { error });
  }
};
