/**
 * One guest who floods a gallery's people through the API (issue 37, item 1), as the issue found it: it keeps
 * re-sending its first session cookie with a new name, and opens new sessions with the right code from the
 * addresses of one /24 (named in X-Forwarded-For, which the test's server trusts from loopback), as fast as
 * the answers come, until stopped. It counts the people it made and the server's answers.
 */
export interface Flood {
  /** Resolves once the server has refused the flooder a person (the limits are reached). */
  refused: Promise<void>;
  stop: () => Promise<{ made: number; answers: Record<string, number>; retryAfter: boolean }>;
}

export function startPeopleFlood(url: string, gallery: { accessUrl: string; accessCode: string }, network = "10.97.0"): Flood {
  let running = true;
  let made = 0;
  let retryAfter = false;
  const answers: Record<string, number> = {};
  let onRefused: () => void = () => {};
  const refused = new Promise<void>((resolve) => (onRefused = resolve));
  const base = `${url}/api/gallery/${gallery.accessUrl}`;

  async function verify(address: string): Promise<string> {
    const res = await fetch(`${base}/verify`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": address }, body: JSON.stringify({ accessCode: gallery.accessCode }) });
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  }

  const loop = (async () => {
    const address = (i: number) => `${network}.${(i % 250) + 1}`;
    const first = await verify(address(0));
    for (let i = 0; running; i++) {
      // Every other request re-sends the first cookie; the others come from a new session of another address.
      const from = address(i);
      const cookie = i % 2 === 0 ? first : await verify(from);
      const res = await fetch(`${base}/proofing/person`, { method: "PUT", headers: { "Content-Type": "application/json", "X-Forwarded-For": from, Cookie: cookie }, body: JSON.stringify({ name: `Ghost ${i}` }) });
      await res.arrayBuffer();
      answers[res.status] = (answers[res.status] ?? 0) + 1;
      if (res.status === 200) made++;
      if (res.status === 429) {
        retryAfter ||= Number(res.headers.get("retry-after")) > 0;
        onRefused();
      }
      // Past the people limits, at a pace that leaves the two cores to the browser.
      if (res.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  })();

  return {
    refused,
    stop: async () => {
      running = false;
      await loop;
      return { made, answers, retryAfter };
    },
  };
}
