import type { AnswerContext } from '../answers/context.ts';
import type { ClientRef } from '../http/answer.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaDecision } from '../quota/rate-limiter.ts';
import type { McpMessage } from './read-message.ts';
import type { ToolSet } from './tool-list.ts';

/**
 * The context a tools/call runs with. A call that would show a product's engagement counters
 * (its tool's `showsCountersOf`) counts that product against the client's enumeration guard, the
 * distinct ids REST's product statistics count, under the same store key: past it, the call still
 * runs, with the counters withheld until the guard's window ends (docs/api.md, "Public quotas").
 * A failing store is counted in the instance's memory meanwhile (FallbackQuotaStore), as for
 * every quota. Quotas off (null gate): the endpoint's own context, counters shown.
 */
export function callContext(
  ctx: AnswerContext,
  quota: QuotaGate | null,
  toolSet: ToolSet,
  message: McpMessage,
  client: ClientRef,
): AnswerContext | Promise<AnswerContext> {
  // A call that shows no counters (most) costs no await.
  if (quota === null || message.method !== 'tools/call') return ctx;
  const params = message.body.params as { name?: unknown; arguments?: unknown } | undefined;
  const productId = toolSet.byName.get(String(params?.name))?.showsCountersOf?.(params?.arguments) ?? null;
  if (productId === null) return ctx;
  const decision = quota.counters(client, productId);
  return decision instanceof Promise ? decision.then((d) => contextAfter(ctx, d)) : contextAfter(ctx, decision);
}

/** The call's context once the guard decided: itself, or with the counters withheld until its window ends. */
function contextAfter(ctx: AnswerContext, decision: QuotaDecision): AnswerContext {
  if (decision.allowed) return ctx;
  const until = decision.resetAt ?? Date.now() + (decision.retryAfter ?? 1) * 1000;
  return { ...ctx, countersWithheldUntil: new Date(until).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}
