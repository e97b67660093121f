export { bootCore, keepServing, onShutdown, type BootOptions } from './boot.js';
export { createCore, type Core, type CoreOptions } from './app.js';
export { loadConfig, ConfigError, readDelaySeconds, repoRoot, requiredInProduction, type Config, type StorageConfig } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { defineModule, type ModuleDefinition, type CoreDeps, type Migration, type RouteDefinition, type RouteContext, type GraphqlContribution, type HistoryDeclaration } from './modules/contract.js';
export { discoverModules } from './modules/discover.js';
export { orderModules, ModuleOrderError } from './modules/order.js';
export { openDatabase, createPostgresDatabase, dropPostgresDatabase, postgresDatabasesLike, type Knex, type Database } from './db/index.js';
export * from './errors.js';
export * from './auth/types.js';
export { PermissionMatrix, spaceOf, typologiesOf } from './auth/permissions.js';
export { yup, validate, isUuid, translateMessage, type MessageKey } from './validation/index.js';
export { languageFromAcceptLanguage, isLanguage, languages, defaultLanguage, type Language, type Translate } from './i18n/index.js';
export { languageCookie } from './http/language.js';
export type { GraphqlContext } from './graphql/index.js';
export type { CompiledField, CompiledSelection, CompiledValue } from './graphql/compiled.js';
export { OperationPermissionError, type OperationPermissions } from './graphql/operation-permissions.js';
export { assertIdArgs, idListParam, idParam, requiredIdParam } from './validation/ids.js';
export type { RequestState } from './http/state.js';
export { OperationsService, operationPermissions, type StartOperation } from './operations/service.js';
export { progressQueryName, type Operation, type OperationItem, type OperationProgress, type OperationStatus } from './operations/types.js';
export type { Mailer, MailMessage } from './mail/index.js';
export type { ScheduleDeclaration } from './temporal/schedules.js';
export * from './matching.js';
export { todayIn } from './dates.js';
export { now, nowMs, realNow, setClockOffset, clockOffset, offsetTo } from './clock.js';
export { dateText } from './db/sql.js';
export { isPgError, pgErrorCodes, retryOnDeadlock, violatedConstraint, type PgErrorKind } from './db/errors.js';
export { Model, fn, type RelationMappings, type ModelClass } from './db/model.js';
export { readViewsMigration } from './db/read-views.js';
export { runWithAuditContext, currentAuditContext, type AuditContext } from './audit/context.js';
export { workflowAuditContexts } from './audit/workflows.js';
export { download, FileDownload, xlsxContentType, type FileToSend } from './http/download.js';
export { assertScriptedRequest } from './http/guards.js';
export type { UploadSpec } from './http/upload.js';
export {
  createStorageDriver, LocalStorageDriver, S3StorageDriver, newStorageKey, isStorageKey, sanitizeFilename, sniffContentType, uploadedBytes, inMemoryUploadBytes,
  type StorageDriver, type S3Settings, type FileStore, type FileOwner, type StoredFile, type UploadedFile,
} from './storage/index.js';
