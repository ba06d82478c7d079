/** A WebSocket client for the chat, as the browser connects: the token after `bearer`. */
import { chatServerFrame, type ChatServerFrame } from '@billow/contracts';
import WebSocket from 'ws';
import { customTransaction, dayFrom } from './sandbox-link';

export type ChatClient = {
  socket: WebSocket;
  frames: ChatServerFrame[];
  /** Resolves with the frames up to and including the first one `until` accepts. */
  next(until: (frame: ChatServerFrame) => boolean): Promise<ChatServerFrame[]>;
};

export const isEnd = (f: ChatServerFrame) => f.type === 'chat_llm_complete' || f.type === 'error';

/** Opens a socket; resolves once open, or rejects with the HTTP status it was refused with. */
export function connectChat(url: string, protocols: string[] | undefined): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const frames: ChatServerFrame[] = [];
    let read = 0;
    let waiter: (() => void) | undefined;
    socket.on('message', (data) => {
      frames.push(chatServerFrame.parse(JSON.parse(data.toString())));
      waiter?.();
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        reject(Object.assign(new Error('refused'), { status: response.statusCode, body })),
      );
    });
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        next: (until) =>
          new Promise((done) => {
            const check = () => {
              const index = frames.findIndex((f, i) => i >= read && until(f));
              if (index === -1) return;
              const taken = frames.slice(read, index + 1);
              read = index + 1;
              waiter = undefined;
              done(taken);
            };
            waiter = check;
            check();
          }),
      }),
    );
  });
}

/** Sends a question and gathers the frames up to its end, and the streamed text. */
export async function askChat(client: ChatClient, content: string) {
  client.socket.send(JSON.stringify({ content }));
  const frames = await client.next(isEnd);
  const text = frames.map((f) => (f.type === 'chat_llm_chunk' ? f.content : '')).join('');
  return { frames, text };
}

/** Netflix renews in about 3 days, Hulu in about 5, Spotify in about 18. */
export function billsDueSoon(today: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 30), 'NETFLIX.COM 866-579-7172 CA', 15.49),
      customTransaction(dayFrom(today, -30 * month - 28), 'HULU 877-8244858 CA', 7.99),
      customTransaction(dayFrom(today, -30 * month - 12), 'SPOTIFY USA 877-7781161 NY', 11.99),
    );
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

/** Monthly bills Billow can negotiate — Verizon, Xfinity, TEST_MERCHANT — and Spotify, which it cannot. */
export function negotiableBills(today: string) {
  const transactions = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => dayFrom(today, -30 * month - offset);
    transactions.push(
      customTransaction(day(4), 'VERIZON WIRELESS PAYMENT', 75),
      customTransaction(day(5), 'COMCAST XFINITY 800-934-6489', 90),
      customTransaction(day(6), 'TEST_MERCHANT MONTHLY', 50),
      customTransaction(day(10), 'SPOTIFY USA 877-7781161 NY', 11.99),
    );
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}
