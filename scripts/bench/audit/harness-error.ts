// A missed target is a result; a broken harness is not. Only this error makes bench:audit exit 1,
// so that a slow machine never reads as a failure while a wrong answer always does.

/** The harness broke (not a missed target): exit 1. */
export class HarnessError extends Error {}
