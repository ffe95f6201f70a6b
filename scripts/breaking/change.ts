// One detected difference between the baseline and the current document.
// `breaking` is decided by the rule that emitted it, never by the printer.

export type Severity = 'breaking' | 'info';

/** Which side produces the data: clients send requests, the server sends responses. */
export type Direction = 'request' | 'response';

export type RuleId =
  | 'operation-removed'
  | 'operation-added'
  | 'parameter-required'
  | 'parameter-added'
  | 'parameter-removed'
  | 'request-body-required'
  | 'request-field-required'
  | 'request-field-added'
  | 'request-field-removed'
  | 'response-field-removed'
  | 'response-field-added'
  | 'response-enum-value-removed'
  | 'response-enum-value-added'
  | 'request-enum-value-removed'
  | 'request-enum-value-added'
  | 'request-enum-added'
  | 'type-changed'
  | 'type-widened'
  | 'bounds-narrowed'
  | 'bounds-widened'
  | 'pattern-changed'
  | 'pattern-removed'
  | 'format-added'
  | 'format-removed';

export interface Change {
  rule: RuleId;
  severity: Severity;
  /** Human-readable place, e.g. `GET /projects › query parameter pageSize`. */
  location: string;
  /**
   * Where the change is in the head document, as a JSON path (the report names the source file and
   * line from it); absent for what the head no longer has.
   */
  pointer?: readonly (string | number)[];
  /** Compact rendering of the old and the new state, e.g. `maxLength 200`. */
  before: string;
  after: string;
}
