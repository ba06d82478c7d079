/**
 * An OpenAI-compatible chat model (OpenAI, or any server speaking its chat-completions API): it
 * streams the answer, and reads the person's figures through tool calls answered here from the
 * same FinanceReader the demo uses, so the model sees only the signed-in person's data.
 */
import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { amountDue, formatPrice, isActiveBill, monthlyTotal, sumDollars } from '@billow/contracts';
import { cancellationFacts } from './cancel-answers';
import type { ChatModel, FinanceReader } from './chat-model';
import { dueThisMonth, dueThisWeek } from './demo-answers';
import { negotiationFacts } from './negotiation-answers';

export type OpenAiChatConfig = { baseUrl: string; apiKey: string; model: string };

/** Tool rounds per answer: enough for a lookup or two, never a loop. */
const MAX_TOOL_ROUNDS = 4;

export const SYSTEM_PROMPT = [
  "You are Billow's financial assistant. Billow tracks a person's subscriptions and bills and negotiates lower prices for them.",
  "Only help with the person's own subscriptions, bills, negotiations, rewards, and how to cancel or negotiate a bill; politely decline anything else.",
  "To say how to cancel something, call get_cancellation_guide and answer from its facts, pointing to the app's Cancel subscription action as its in_app_action says.",
  'Every figure you state must come from a tool result in this conversation. Never invent, estimate or round a figure the tools did not give; if the tools cannot answer, say so plainly.',
  'Amounts are US dollars. Be brief and write plain text.',
].join('\n');

const fn = (name: string, description: string, properties: object = {}, required: string[] = []) =>
  ({
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required, additionalProperties: false },
    },
  }) satisfies ChatCompletionTool;

const CHAT_TOOLS: ChatCompletionTool[] = [
  fn(
    'list_subscriptions',
    "The person's subscriptions and bills with amount, cadence, category, monthly cost, next due date and price changes.",
  ),
  fn(
    'monthly_total',
    'What the person pays a month: every active bill at its monthly equivalent, added up. The figure every screen shows.',
  ),
  fn(
    'upcoming_bills',
    'The bills due this week (today and the next six days) or this month, with their total.',
    {
      period: { type: 'string', enum: ['week', 'month'] },
    },
    ['period'],
  ),
  fn(
    'merchant_charges',
    "Every charge from one merchant among the person's subscriptions, newest first.",
    {
      merchant: { type: 'string' },
    },
    ['merchant'],
  ),
  fn(
    'negotiation_status',
    "Billow's negotiations of the person's bills: each one's status (SUCCESSFUL, IN_PROGRESS, PENDING, USER_INPUT_REQUIRED, REJECTED), prices, savings and what the merchant still asks for.",
  ),
  fn('rewards_balance', "The person's rewards balance in dollars."),
  fn(
    'get_cancellation_guide',
    "How to cancel a merchant or one of the person's subscriptions: the ways it takes a cancellation, its cancellation page, phone, notice and traps (a generic guide for a merchant Billow does not know), whether it is one of the person's bills and where its cancellation stands, and what the app's Cancel subscription action does for it.",
    {
      merchant: {
        type: 'string',
        description: 'The merchant or subscription name, as the person said it.',
      },
    },
    ['merchant'],
  ),
];

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Runs one tool for the signed-in person; the answer is JSON for the model. */
async function runTool(
  name: string,
  rawArguments: string,
  finances: FinanceReader,
): Promise<unknown> {
  const args = parseArguments(rawArguments);
  switch (name) {
    case 'list_subscriptions':
      return (await finances.subscriptions()).map((s) => ({
        merchant: s.merchant_name,
        amount: s.amount,
        cadence: s.cadence,
        price: formatPrice(s.amount, s.cadence),
        category: s.category,
        status: s.status,
        monthly_cost: s.normalized_monthly_amount,
        next_due_date: s.renewal_date,
        days_until_due: s.days_until_due,
        previous_amount: s.previous_amount,
        is_price_increase: s.is_price_increase,
      }));
    case 'monthly_total': {
      const all = await finances.subscriptions();
      return {
        monthly_total: monthlyTotal(all),
        active_bills: all.filter(isActiveBill).length,
      };
    }
    case 'upcoming_bills': {
      const all = await finances.subscriptions();
      const due =
        args.period === 'month' ? dueThisMonth(all, await finances.today()) : dueThisWeek(all);
      return {
        period: args.period === 'month' ? 'month' : 'week',
        total: sumDollars(due.map(amountDue)),
        bills: due.map((s) => ({
          merchant: s.merchant_name,
          amount: amountDue(s),
          covered_by_rewards: s.reward_credit,
          due_date: s.renewal_date,
        })),
      };
    }
    case 'merchant_charges': {
      const wanted = String(args.merchant ?? '').toLowerCase();
      const match = (await finances.subscriptions()).find(
        (s) => s.merchant_name.toLowerCase() === wanted,
      );
      if (!match) return { error: 'No subscription with that merchant.' };
      const charges = await finances.charges(match.id);
      return {
        merchant: match.merchant_name,
        charges: charges.map((c) => ({ date: c.date, amount: c.amount })),
      };
    }
    case 'negotiation_status':
      return { negotiations: negotiationFacts(await finances.negotiations()) };
    case 'rewards_balance':
      return { balance: await finances.rewardsBalance() };
    case 'get_cancellation_guide':
      return cancellationFacts(String(args.merchant ?? ''), finances);
    default:
      return { error: `Unknown tool ${name}.` };
  }
}

/** Appended when the model stopped at its token limit, so a cut answer never reads as whole. */
export const CUT_OFF_NOTE = '… (This answer was cut short. Ask for the rest, or a shorter answer.)';

type PendingCall = { id: string; name: string; arguments: string };
type ToolCallDelta = {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
};

/**
 * Adds a streamed piece of a tool call to the calls so far. OpenAI numbers the pieces with
 * `index` and sends the name whole in the call's first piece; Ollama and Gemini's compatible endpoint send each call whole
 * with no index, so a piece without one is a new call when it carries a new id, else the last
 * call's continuation. A call without an id gets one, as the follow-up request needs it.
 */
function collectToolCall(calls: PendingCall[], piece: ToolCallDelta): void {
  const last = calls.length - 1;
  const index =
    piece.index ?? (last < 0 || (piece.id && piece.id !== calls[last]!.id) ? last + 1 : last);
  const pending = (calls[index] ??= { id: `call_${index + 1}`, name: '', arguments: '' });
  if (piece.id) pending.id = piece.id;
  if (piece.function?.name) pending.name ||= piece.function.name;
  if (piece.function?.arguments) pending.arguments += piece.function.arguments;
}

export function createOpenAiChatModel(config: OpenAiChatConfig): ChatModel {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, maxRetries: 1 });
  const host = new URL(config.baseUrl).host;
  return {
    provider: host === 'api.openai.com' ? 'OpenAI' : host,
    model: config.model,
    isDemoMode: false,
    async *reply({ history, finances, signal }) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        ...history.map((turn) => ({ role: turn.role, content: turn.content })),
      ];
      for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
        const stream = await client.chat.completions.create(
          { model: config.model, messages, tools: CHAT_TOOLS, stream: true },
          { signal },
        );
        const calls: PendingCall[] = [];
        let cutOff = false;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (choice?.delta?.content) yield choice.delta.content;
          for (const call of choice?.delta?.tool_calls ?? []) collectToolCall(calls, call);
          if (choice?.finish_reason === 'length') cutOff = true;
        }
        // A cut-off answer is said to be one; tool calls cut off mid-arguments are not run.
        if (cutOff) {
          yield CUT_OFF_NOTE;
          return;
        }
        if (calls.length === 0) return;
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          })),
        });
        for (const call of calls) {
          const result = await runTool(call.name, call.arguments, finances);
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
      }
    },
  };
}
