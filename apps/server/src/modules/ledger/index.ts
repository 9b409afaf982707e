export {
  post,
  postAlone,
  postAtCommit,
  postBatch,
  DuplicateReasonError,
  type PostResult,
} from './ledger.service';
export {
  SYSTEM_ACCOUNTS,
  SYSTEM_BUCKET,
  SYSTEM_SHARDS,
  FEE_KINDS,
  TRADE_KINDS,
  USER_BUCKETS,
  LedgerRuleError,
  houseShardOf,
  netPostings,
  transferPostings,
  type AccountRef,
  type PostingInput,
  type SystemAccount,
  type TransactionInput,
  type UserBucket,
} from './ledger.rules';
export { ensureAccounts } from './ledger.write.repo';
export {
  findInvariantBreaches,
  findTransactionByReason,
  selectAllUserBalances,
  selectFeesByPayer,
  selectFeesPaid,
  selectRealUserLiabilities,
  selectSystemBalance,
  selectUserBalances,
  selectUserEntries,
  selectUserEntriesBetween,
  selectUsersWithEntries,
  type InvariantBreach,
} from './ledger.repo';
export { ensureSystemAccounts } from './ledger.seed';
