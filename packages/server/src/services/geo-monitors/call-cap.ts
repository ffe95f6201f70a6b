// A monitor's monthly call cap: the most answer-engine calls its runs may be charged in a calendar
// month (UTC). A run whose calls would take the month's charges past it does not run.

/** Why a run of `needed` calls may not run under `cap` with `charged` already charged this month; null when it fits. */
export function capRefusal(cap: number, charged: number, needed: number): string | null {
  if (charged + needed <= cap) return null;
  return `The monitor's monthly call cap is ${cap}: its runs were charged ${charged} calls this month and this run needs ${needed}.`;
}
