// Workflow histories as Temporal's JSON (what `temporal workflow show --output json` writes and the SDK's
// historyFromJSON reads). The SDK's own historyToJSON/historyFromJSON fail in this install ("type must be a Type"):
// @temporalio/common and @temporalio/proto each have their own copy of protobufjs, and the common's protojson
// refuses the proto's types. Here protojson is the proto package's own copy, so types and codec agree.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as protoTypes from '@temporalio/proto';

type History = protoTypes.temporal.api.history.v1.IHistory;
interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
}

const require = createRequire(import.meta.url);
const protojson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
// The CommonJS module itself (an ES import gives a copy of its exports, which is not a protobufjs root).
const proto: unknown = require('@temporalio/proto');
const { patchProtobufRoot } = require('@temporalio/proto/lib/patch-protobuf-root') as { patchProtobufRoot(root: unknown): { lookupType(name: string): unknown } };
const historyType = patchProtobufRoot(proto).lookupType('temporal.api.history.v1.History');

/** The recorded histories: tests/fixtures/workflow-histories/<workflow type>/<workflow id>.json. */
export const historiesDir = fileURLToPath(new URL('../fixtures/workflow-histories/', import.meta.url));

export const historyToJson = (history: History): unknown => protojson.toJson(historyType, history);
export const historyFromJson = (json: unknown): History => protojson.fromJson(historyType, json, { ignoreUnknownFields: true }) as History;

export interface RecordedHistory {
  /** The workflow's Temporal name (its folder). */
  workflowType: string;
  /** The file's name without `.json`, given to the replay as the workflow id. */
  workflowId: string;
  file: string;
  json: { events: Record<string, any>[] };
}

/** Every recorded history, by workflow type then file name. */
export function recordedHistories(dir = historiesDir): RecordedHistory[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort().flatMap((workflowType) =>
    fs.readdirSync(path.join(dir, workflowType)).filter((name) => name.endsWith('.json')).sort().map((name) => ({
      workflowType,
      workflowId: name.slice(0, -'.json'.length),
      file: path.join(dir, workflowType, name),
      json: JSON.parse(fs.readFileSync(path.join(dir, workflowType, name), 'utf8')) as RecordedHistory['json'],
    })));
}

/** The workflow type a history's first event names. */
export const workflowTypeOf = (json: RecordedHistory['json']): string | undefined =>
  json.events[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
