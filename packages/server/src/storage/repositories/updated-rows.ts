// Whether a conditional update changed a row: the repositories' state changes are updates guarded
// by the states they may start from, and say whether they happened.
export const changed = (result: { numUpdatedRows: bigint }): boolean => result.numUpdatedRows > 0n;
