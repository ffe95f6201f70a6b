// Spectral's findings as the lint step reports them: the OWASP rules that ask for a response report
// a missing one twice, as `responses[401]` and again as `responses[401].content`; the second is a
// consequence of the first and is dropped, so each missing response is one finding.

export interface Finding {
  code: string | number;
  message: string;
  path: (string | number)[];
}

const CONTENT_OF = /responses\[([^\]]+)\]\.content\.?$/;

export function withoutConsequences<T extends Finding>(findings: readonly T[]): T[] {
  const key = (f: Finding, status: string) => `${String(f.code)}\u0000${f.path.join('.')}\u0000${status}`;
  const missing = new Set<string>();
  for (const finding of findings) {
    const status = /responses\[([^\]]+)\]\.?$/.exec(finding.message)?.[1];
    if (status !== undefined) missing.add(key(finding, status));
  }
  return findings.filter((finding) => {
    const status = CONTENT_OF.exec(finding.message)?.[1];
    return status === undefined || !missing.has(key(finding, status));
  });
}
