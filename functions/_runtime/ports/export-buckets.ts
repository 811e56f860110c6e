import { s3ExportBuckets } from "@core/adapters/aws/s3-export-buckets";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsCredentials } from "./aws-options";

/** Customers' buckets of scheduled exports; a target without keys of its own uses this process's AWS credentials (the function's role). */
export const openExportBuckets = (env: Env) => s3ExportBuckets({ ownCredentials: () => awsCredentials(env) });

export const exportBuckets: Port<"exportBuckets"> = { name: "exportBuckets", open: openExportBuckets };
