// Short names for the schemas people use every day (`Project` rather than
// `components['schemas']['Project']`).
import type { components } from '../generated/schema.js';

type Schemas = components['schemas'];

export type ErrorBody = Schemas['Error'];
export type ErrorCode = Schemas['ErrorCode'];
export type Plan = Schemas['Plan'];
export type Scope = Schemas['Scope'];
export type User = Schemas['User'];
export type Project = Schemas['Project'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type ProjectCreate = Schemas['ProjectCreate'];
export type AuditStatus = Schemas['AuditStatus'];
export type AuditStart = Schemas['AuditStart'];
export type AuditAccepted = Schemas['AuditAccepted'];
export type AuditRun = Schemas['AuditRun'];
export type AuditPage = Schemas['AuditPage'];
export type AuditPhase = Schemas['AuditPhase'];
export type AuditIssue = Schemas['AuditIssue'];
export type AuditComparison = Schemas['AuditComparison'];
export type IssueChange = Schemas['IssueChange'];
export type PageChange = Schemas['PageChange'];
export type RenderingComparison = Schemas['RenderingComparison'];
export type Brief = Schemas['Brief'];
export type BriefCreate = Schemas['BriefCreate'];
export type Draft = Schemas['Draft'];
export type Report = Schemas['Report'];
export type GeoTest = Schemas['GeoTest'];
export type GeoTestCreate = Schemas['GeoTestCreate'];
export type GeoTestAccepted = Schemas['GeoTestAccepted'];
export type ListMeta = Schemas['ListMeta'];
