/**
 * Node flags for a process that runs the build (scripts/build-catalog.ts), start-up flags only
 * (set once the process runs, V8 ignores them):
 * - a small young generation on the main thread, as the parse worker has (build-snapshot.ts). The
 *   main thread parses batches too, and V8's default let its young generation grow, and the
 *   build's peak RSS with it;
 * - gc() exposed, so the build collects the loaders' garbage before the search index's buffers
 *   are allocated, which lowers the peak RSS (nothing else allocates on the main thread then, so
 *   no collection would come by itself).
 * What each saves: docs/benchmarks.md, "The build".
 */
export const BUILD_PROCESS_FLAGS = ['--max-semi-space-size=16', '--expose-gc'];
