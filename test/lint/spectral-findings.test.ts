// A missing response is one Spectral finding, not two (`responses[401]` and its `.content`).
import { describe, expect, it } from 'vitest';
import { withoutConsequences } from '../../scripts/lint/spectral-findings.js';

const at = ['paths', '/projects/{projectId}/audits/{auditId}', 'delete', 'responses'];

describe('withoutConsequences', () => {
  it('keeps the missing response and drops the missing content that follows from it', () => {
    const findings = [
      { code: 'owasp:api8:2023-define-error-responses-401', message: 'Operation is missing responses[401].', path: at },
      { code: 'owasp:api8:2023-define-error-responses-401', message: 'Operation is missing responses[401].content.', path: at },
      { code: 'owasp:api4:2023-rate-limit-responses-429', message: 'Operation is missing rate limiting response in responses[429].', path: at },
      { code: 'owasp:api4:2023-rate-limit-responses-429', message: 'Operation is missing rate limiting response in responses[429].content.', path: at },
    ];
    expect(withoutConsequences(findings).map((f) => f.message)).toEqual([
      'Operation is missing responses[401].',
      'Operation is missing rate limiting response in responses[429].',
    ]);
  });

  it('keeps a missing content where the response itself is there', () => {
    const alone = [{ code: 'owasp:api8:2023-define-error-responses-401', message: 'Operation is missing responses[401].content.', path: at }];
    expect(withoutConsequences(alone)).toEqual(alone);
  });
});
