import * as z from "zod";
import * as Datasets from "../datasets";
import { PageQuery, paged, pageMeta, pageOffset } from "./page";

/*
 * Langfuse's dataset families (docs/langfuse.md, "Datasets" to "Dataset run items"): its request and answer shapes, and
 * the translations between them and ours. The rules are the dataset use cases' (docs/datasets.md).
 */

const Json = z.unknown();
const JsonObject = z.record(z.string(), z.unknown());
const Id = z.string().min(1).max(200);
/** A name in a path or a query: any text, so an unknown (or impossible) name is a 404 rather than a 400. */
const AnyName = z.string().min(1).max(1000);

export const LangfuseDataset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: Json,
  inputSchema: Json,
  expectedOutputSchema: Json,
  projectId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `inputSchema` and `expectedOutputSchema` are our item schema's two halves, so only its subset of JSON Schema is taken. */
export const CreateDatasetBody = z.object({
  name: Datasets.DatasetName,
  description: z.string().max(10_000).nullish(),
  metadata: JsonObject.nullish(),
  inputSchema: Datasets.ItemSchema.shape.input.nullish(),
  expectedOutputSchema: Datasets.ItemSchema.shape.expectedOutput.nullish(),
});

export const DatasetNamePath = z.object({ datasetName: AnyName });
export const RunPath = z.object({ datasetName: AnyName, runName: AnyName });
export const ItemPath = z.object({ id: z.string().min(1).max(1000) });

export function datasetView(row: {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  metadata: unknown;
  itemSchema: unknown;
  createdAt: Date;
  updatedAt: Date;
}): z.infer<typeof LangfuseDataset> {
  const schema = row.itemSchema as Datasets.ItemSchema | null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    metadata: row.metadata,
    inputSchema: schema?.input ?? null,
    expectedOutputSchema: schema?.expectedOutput ?? null,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The item schema a create asks for, or undefined to keep the stored one. */
export function requestedSchema(body: z.infer<typeof CreateDatasetBody>): Datasets.ItemSchema | undefined {
  if (!body.inputSchema && !body.expectedOutputSchema) return undefined;
  return {
    ...(body.inputSchema ? { input: body.inputSchema } : {}),
    ...(body.expectedOutputSchema ? { expectedOutput: body.expectedOutputSchema } : {}),
  };
}

/** A create (v2 or legacy) as the create-or-update of `saveDataset`. */
export const saveDatasetInput = (body: z.infer<typeof CreateDatasetBody>): Datasets.SaveDatasetInput => ({
  name: body.name,
  description: body.description,
  metadata: body.metadata,
  schema: requestedSchema(body),
});

export const LangfuseDatasetItem = z.object({
  id: z.string(),
  status: z.enum(Datasets.ITEM_STATUSES),
  input: Json,
  expectedOutput: Json,
  metadata: Json,
  sourceTraceId: z.string().nullable(),
  sourceObservationId: z.string().nullable(),
  datasetId: z.string(),
  datasetName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mediaReferences: z.array(Json),
});

export const itemView = (item: Datasets.ItemRecord): z.infer<typeof LangfuseDatasetItem> => ({
  ...item,
  mediaReferences: [],
});

export const CreateItemBody = z.object({
  datasetName: AnyName,
  input: Json.optional(),
  expectedOutput: Json.optional(),
  metadata: Json.optional(),
  id: Id.nullish(),
  sourceTraceId: z.string().min(1).max(200).nullish(),
  sourceObservationId: z.string().min(1).max(200).nullish(),
  status: z.enum(Datasets.ITEM_STATUSES).nullish(),
});

/** Langfuse's null means "not given" in an upsert: the stored value stays. */
export const upsertInput = (body: z.infer<typeof CreateItemBody>): Datasets.UpsertItemInput => ({
  datasetName: body.datasetName,
  ...(body.id ? { id: body.id } : {}),
  ...(body.input !== null && body.input !== undefined ? { input: body.input } : {}),
  ...(body.expectedOutput !== null && body.expectedOutput !== undefined ? { expectedOutput: body.expectedOutput } : {}),
  ...(body.metadata !== null && body.metadata !== undefined ? { metadata: body.metadata } : {}),
  ...(body.sourceTraceId ? { sourceTraceId: body.sourceTraceId } : {}),
  ...(body.sourceObservationId ? { sourceObservationId: body.sourceObservationId } : {}),
  ...(body.status ? { status: body.status } : {}),
});

/** Items are not versioned here, so `version` (a point in an item history) is refused rather than ignored. */
export const ListItemsQuery = PageQuery.extend({
  datasetName: AnyName.optional(),
  sourceTraceId: z.string().min(1).optional(),
  sourceObservationId: z.string().min(1).optional(),
  version: z
    .undefined({ error: "Dataset versions are not kept: items are read as they are now; leave out version" })
    .optional(),
});

export const LangfuseDatasetRun = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: Json,
  datasetId: z.string(),
  datasetName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const LangfuseDatasetRunItem = z.object({
  id: z.string(),
  datasetRunId: z.string(),
  datasetRunName: z.string(),
  datasetItemId: z.string(),
  traceId: z.string(),
  observationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const LangfuseDatasetRunWithItems = LangfuseDatasetRun.extend({
  datasetRunItems: z.array(LangfuseDatasetRunItem),
});

export const runWithItemsView = ({ items, ...run }: Datasets.RunRecord & { items: Datasets.RunItemRecord[] }) => ({
  ...run,
  datasetRunItems: items,
});

export const CreateRunItemBody = z
  .object({
    runName: Datasets.RunName,
    runDescription: z.string().max(10_000).nullish(),
    metadata: JsonObject.nullish(),
    datasetItemId: Id,
    observationId: z.string().min(1).max(200).nullish(),
    traceId: z.string().min(1).max(200).nullish(),
    /** Items are not versioned here: the item is linked as it is now. */
    datasetVersion: z.string().nullish(),
    createdAt: z.string().nullish(),
  })
  .refine((b) => b.traceId, {
    message: "traceId is required: a run item links a dataset item to a trace",
    path: ["traceId"],
  });

export const ListRunItemsQuery = PageQuery.extend({ datasetId: z.string().min(1).max(200), runName: AnyName });

export const DeletedMessage = (what: "item" | "run") =>
  z.object({
    message: z.literal(what === "item" ? "Dataset item successfully deleted" : "Dataset run successfully deleted"),
  });

export const pageFrom = <T>(query: PageQuery, rows: T[], total: number) => ({
  data: rows,
  meta: pageMeta(query, total),
});
export const offsetOf = (query: PageQuery) => ({ offset: pageOffset(query), limit: query.limit });
export { paged };
