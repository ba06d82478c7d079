import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_CLOSE_CODES,
  CHAT_LIMITS,
  chatMessages,
  TOKEN_STORAGE_KEY,
  type ChatServerFrame,
} from '@billow/contracts';
import { registerRefreshFunction, registerUnauthorizedHandler } from '@/lib/api-client';
import { TOKEN_REFRESH_MARGIN_MS, type ChatSocket } from '../use-chat';
import { ChatScreen } from './chat-screen';

/** A socket the test drives: it opens, delivers frames and drops when told. */
class FakeSocket implements ChatSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: ChatSocket['onopen'] = null;
  onmessage: ChatSocket['onmessage'] = null;
  onerror: ChatSocket['onerror'] = null;
  onclose: ChatSocket['onclose'] = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  deliver(frame: ChatServerFrame) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) })));
  }
  /** The server closes the socket with a code. */
  closeWith(code: number) {
    act(() => {
      this.readyState = 3;
      this.onclose?.(new CloseEvent('close', { code }));
    });
  }
  drop() {
    act(() => {
      this.readyState = 3;
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code: 1006 }));
    });
  }
}

let sockets: FakeSocket[];
const latest = () => sockets.at(-1)!;

function renderChat(token: string | null = 'id-token') {
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <MemoryRouter>
      <ChatScreen
        token={token}
        openSocket={(url, protocols) => {
          const socket = new FakeSocket(url, protocols);
          sockets.push(socket);
          return socket;
        }}
      />
    </MemoryRouter>,
  );
  return { user };
}

function connectDemo() {
  latest().open();
  latest().deliver({ type: 'welcome', isDemoMode: true, content: 'Hi, I am the demo.' });
}

const input = () => screen.getByLabelText('Message');

/** The connection drops, and so does each of the reconnect attempts (fake timers). */
function dropThroughEveryAttempt() {
  latest().drop();
  for (let attempt = 1; attempt <= CHAT_LIMITS.reconnectAttempts; attempt++) {
    act(() => vi.advanceTimersByTime(CHAT_LIMITS.reconnectIntervalMs));
    latest().drop();
  }
}

beforeEach(() => {
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the chat screen', () => {
  it('connects with the token as a bearer sub-protocol and shows demo mode', () => {
    renderChat();
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByText('Your AI financial assistant')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Billow Chat (beta)')).toBeInTheDocument();
    expect(latest().protocols).toEqual(['bearer', 'id-token']);
    expect(latest().url).toMatch(/^ws:\/\/.+\/ws\/chat$/);
    expect(input()).toBeDisabled();
    connectDemo();
    expect(screen.getByText('Connected (Demo)')).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', chatMessages.demoPlaceholder);
    const welcome = screen.getByText('Hi, I am the demo.').closest('li')!;
    expect(within(welcome).getByText('Billow')).toBeInTheDocument();
    expect(welcome.querySelector('time')).toHaveAttribute('datetime');
    expect(screen.getByRole('link', { name: 'Close chat' })).toHaveAttribute('href', '/');
  });

  it('sends on Enter but not on Shift+Enter, streams the answer, then completes it', async () => {
    const { user } = renderChat();
    connectDemo();
    await user.type(input(), "  What's due this week?{Shift>}{Enter}{/Shift}");
    expect(latest().sent).toEqual([]);
    await user.type(input(), '{Enter}');
    expect(latest().sent).toEqual([JSON.stringify({ content: "What's due this week?" })]);
    expect(input()).toHaveValue('');
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', chatMessages.streamingPlaceholder);
    expect(screen.getByRole('button', { name: '...' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    const you = screen.getByText("What's due this week?").closest('li')!;
    expect(within(you).getByText('You')).toBeInTheDocument();

    latest().deliver({ type: 'chat_llm_chunk', content: '2 bills due ' });
    latest().deliver({ type: 'chat_llm_chunk', content: 'this week' });
    expect(screen.getByText(/2 bills due this week/)).toBeInTheDocument();
    latest().deliver({
      type: 'chat_llm_complete',
      timestamp: new Date().toISOString(),
      userId: 'u1',
      isDemoMode: true,
      provider: 'Billow',
      model: 'demo',
    });
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).not.toBeInTheDocument();
    const answer = screen.getByText('2 bills due this week').closest('li')!;
    expect(within(answer).getByText('Billow Assistant')).toBeInTheDocument();
    expect(screen.getByText('Powered by Billow demo')).toBeInTheDocument();
    expect(input()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows an answer\'s "- " lines as a bulleted list', async () => {
    const { user } = renderChat();
    connectDemo();
    await user.type(input(), 'biggest?{Enter}');
    latest().deliver({
      type: 'chat_llm_chunk',
      content: 'Your biggest:\n- Netflix: $15.49\n- Hulu: $7.99',
    });
    latest().deliver({
      type: 'chat_llm_complete',
      timestamp: new Date().toISOString(),
      userId: 'u1',
      isDemoMode: true,
      provider: 'Billow',
      model: 'demo',
    });
    const bullets = screen.getByText('Netflix: $15.49').closest('ul')!;
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Netflix: $15.49', 'Hulu: $7.99']);
    expect(screen.getByText('Your biggest:').tagName).toBe('P');
  });

  it('does not send an empty or blank message', async () => {
    const { user } = renderChat();
    connectDemo();
    await user.type(input(), '   {Enter}');
    expect(latest().sent).toEqual([]);
  });

  it('keeps interrupted text, reconnects every 3000 ms, and recovers', async () => {
    const { user } = renderChat();
    connectDemo();
    await user.click(screen.getByRole('button', { name: "What's due this week?" }));
    expect(latest().sent).toEqual([JSON.stringify({ content: "What's due this week?" })]);
    latest().deliver({ type: 'chat_llm_chunk', content: 'Netflix is due' });
    vi.useFakeTimers();
    latest().drop();
    expect(screen.getByText(`Netflix is due ${chatMessages.interrupted}`)).toBeInTheDocument();
    expect(screen.getByText(chatMessages.connectionLost)).toBeInTheDocument();
    expect(screen.getByText(chatMessages.connectionError)).toBeInTheDocument();
    expect(screen.getByText(chatMessages.reconnecting)).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(sockets).toHaveLength(1);
    act(() => vi.advanceTimersByTime(CHAT_LIMITS.reconnectIntervalMs - 1));
    expect(sockets).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets).toHaveLength(2);
    connectDemo();
    expect(screen.queryByText(chatMessages.reconnecting)).not.toBeInTheDocument();
    expect(screen.getByText('Connected (Demo)')).toBeInTheDocument();
    expect(screen.getAllByText('Hi, I am the demo.')).toHaveLength(1);
  });

  it('gives up after 10 attempts and says to refresh', () => {
    vi.useFakeTimers();
    renderChat();
    connectDemo();
    dropThroughEveryAttempt();
    expect(sockets).toHaveLength(1 + CHAT_LIMITS.reconnectAttempts);
    expect(screen.getByText(chatMessages.unableToConnect)).toBeInTheDocument();
    expect(screen.queryByText(chatMessages.reconnecting)).not.toBeInTheDocument();
  });

  it('after giving up keeps trying less and less often, and comes back by itself', () => {
    vi.useFakeTimers();
    renderChat();
    connectDemo();
    dropThroughEveryAttempt();
    const gaveUpAt = sockets.length;
    // Then every 5 s, 10 s, 20 s, 30 s, 30 s …: the server may be back in a minute.
    for (const [index, delay] of [5_000, 10_000, 20_000, 30_000, 30_000].entries()) {
      act(() => vi.advanceTimersByTime(delay - 1));
      expect(sockets).toHaveLength(gaveUpAt + index);
      act(() => vi.advanceTimersByTime(1));
      expect(sockets).toHaveLength(gaveUpAt + index + 1);
      latest().drop();
    }
    // One message for the outage, however many tries it took.
    expect(screen.getAllByText(chatMessages.unableToConnect)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(30_000));
    connectDemo();
    expect(screen.getByText('Connected (Demo)')).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('after giving up tries again at once when the browser is back online', () => {
    vi.useFakeTimers();
    renderChat();
    connectDemo();
    dropThroughEveryAttempt();
    const gaveUpAt = sockets.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(sockets).toHaveLength(gaveUpAt + 1);
  });

  it('shows server errors as errors, and Clear empties the conversation', async () => {
    const { user } = renderChat();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    connectDemo();
    await user.type(input(), 'x{Enter}');
    latest().deliver({ type: 'error', content: chatMessages.tooLong });
    expect(screen.getByRole('alert')).toHaveTextContent(chatMessages.tooLong);
    expect(input()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Welcome to Billow Chat (beta)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('outside demo mode says Connected and asks about finances', () => {
    renderChat();
    latest().open();
    latest().deliver({ type: 'welcome', isDemoMode: false, content: 'Hello.' });
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', chatMessages.placeholder);
  });

  it('asks a signed-out visitor to log in', () => {
    renderChat(null);
    expect(screen.getByText(chatMessages.signedOut)).toBeInTheDocument();
    expect(sockets).toEqual([]);
  });
});

/** A JWT-shaped token whose payload expires `seconds` from now (the signature is not checked here). */
function tokenExpiringIn(seconds: number, name: string): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: name, exp })}.signature`;
}

describe('the chat token on reconnect', () => {
  let refreshes: number;
  const fresh = tokenExpiringIn(3600, 'fresh');

  beforeEach(() => {
    refreshes = 0;
    registerRefreshFunction(async () => {
      refreshes += 1;
      sessionStorage.setItem(TOKEN_STORAGE_KEY, fresh);
      return true;
    });
  });
  afterEach(() => {
    registerRefreshFunction(undefined);
    sessionStorage.clear();
  });

  /** Connects with `token`, lets `elapsedMs` pass, loses the connection and tries again. */
  async function reconnectAfter(token: string, elapsedMs: number) {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    vi.useFakeTimers();
    renderChat(token);
    await act(async () => {});
    connectDemo();
    vi.setSystemTime(Date.now() + elapsedMs);
    latest().drop();
    await act(async () => {
      vi.advanceTimersByTime(CHAT_LIMITS.reconnectIntervalMs);
    });
    return sockets.map((s) => s.protocols[1]);
  }

  it('refreshes a token that expired while connected, and reconnects with the new one', async () => {
    const token = tokenExpiringIn(15 * 60, 'first');
    expect(await reconnectAfter(token, 20 * 60_000)).toEqual([token, fresh]);
    expect(refreshes).toBe(1);
  });

  it('refreshes a token that is about to expire before the reconnect', async () => {
    const token = tokenExpiringIn(TOKEN_REFRESH_MARGIN_MS / 1000 + 10, 'first');
    expect(await reconnectAfter(token, 15_000)).toEqual([token, fresh]);
    expect(refreshes).toBe(1);
  });

  it('connects with a fresh token at once when the stored one has expired', async () => {
    const token = tokenExpiringIn(-5, 'expired');
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    renderChat(token);
    await act(async () => {});
    expect(sockets.map((s) => s.protocols[1])).toEqual([fresh]);
  });

  it('reconnects with a token that has time left without refreshing it', async () => {
    const token = tokenExpiringIn(30 * 60, 'valid');
    expect(await reconnectAfter(token, 60_000)).toEqual([token, token]);
    expect(refreshes).toBe(0);
  });
});

describe('the chat socket closed by the server when the session ends', () => {
  let ended: number;
  beforeEach(() => {
    ended = 0;
    registerUnauthorizedHandler(() => (ended += 1));
  });
  afterEach(() => {
    registerRefreshFunction(undefined);
    registerUnauthorizedHandler(undefined);
    sessionStorage.clear();
  });

  it('ends the session when it cannot be refreshed (signed out or revoked)', async () => {
    registerRefreshFunction(async () => false);
    renderChat();
    connectDemo();
    latest().closeWith(CHAT_CLOSE_CODES.sessionEnded);
    await act(async () => {});
    expect(ended).toBe(1);
    expect(sockets).toHaveLength(1);
    expect(screen.queryByText(chatMessages.connectionLost)).toBeNull();
  });

  it('refreshes an expired token and reconnects with the new one', async () => {
    const fresh = tokenExpiringIn(3600, 'fresh');
    registerRefreshFunction(async () => {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, fresh);
      return true;
    });
    renderChat();
    connectDemo();
    latest().closeWith(CHAT_CLOSE_CODES.sessionEnded);
    await act(async () => {});
    expect(ended).toBe(0);
    expect(sockets.map((s) => s.protocols[1])).toEqual(['id-token', fresh]);
  });
});
