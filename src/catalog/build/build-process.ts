/**
 * Node flags for a process that runs the build (scripts/build-catalog.ts): a small young
 * generation on the main thread, as the parse worker has (build-snapshot.ts). The main thread
 * parses batches too, and V8's default let its young generation grow by about 100 MB on a million
 * products. A start-up flag only: set once the process runs, V8 ignores it.
 */
export const BUILD_PROCESS_FLAGS = ['--max-semi-space-size=16'];
