import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileMessages, userRoutes } from '@billow/contracts';
import { mockApi, never, problem, type Reply } from '@test/mock-api';
import { renderScreen, storedTokens, storeSession } from '@test/render-app';
import { DownloadDataButton } from './download-data-button';

const zipBytes = new Uint8Array([80, 75, 5, 6, 0, 0, 0, 0]);
const zip: Reply = () =>
  new Response(zipBytes, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="billow-export-2026-11-20.zip"',
    },
  });

/** What the button handed the browser to save: the link it clicked, and the file behind it. */
function watchSaves() {
  const saved: { fileName: string; href: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:billow/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ fileName: this.download, href: this.href, blob: blobs.get(this.href)! });
  });
  return saved;
}

function renderButton(...replies: Reply[]) {
  storeSession();
  const api = mockApi().on(userRoutes.exportData, ...replies);
  const rendered = renderScreen(<DownloadDataButton />);
  return { ...rendered, api };
}

const button = () => screen.getByRole('button', { name: /Download my data|Preparing/ });

describe(DownloadDataButton.name, () => {
  let saved: ReturnType<typeof watchSaves>;
  beforeEach(() => {
    saved = watchSaves();
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the export with the session token and saves it under the server’s name', async () => {
    const { user, api } = renderButton(zip);
    await user.click(button());
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 });
    expect(saved[0]!.fileName).toBe('billow-export-2026-11-20.zip');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(zipBytes);
    const [request] = api.requestsTo(userRoutes.exportData);
    expect(request!.headers.Authorization).toBe(`Bearer ${storedTokens.token}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it is preparing the file while the server works, and takes no second click', async () => {
    const { user, api } = renderButton(never);
    await user.click(button());
    expect(await screen.findByText('Preparing your data…')).toBeVisible();
    expect(button()).toBeDisabled();
    await user.click(button());
    expect(api.requestsTo(userRoutes.exportData)).toHaveLength(1);
  });

  it('says the download failed, and a second try saves the file', async () => {
    const { user } = renderButton(problem(500, 'internal-server-error', 'Down.'), zip);
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(profileMessages.exportFailed);
    expect(saved).toHaveLength(0);
    await user.click(button());
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
