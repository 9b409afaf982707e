export {
  listAuditEntries,
  recordAudit,
  verifyAuditChain,
  type AuditRecord,
  type StaffActor,
} from './audit.service';
export { auditRoutes } from './audit.routes';
