import type { SSTConfig } from "sst";
import { Api } from "./stacks/api";
import { AdminRoutes, EvaluationRoutes, LangfuseRoutes, TelemetryRoutes } from "./stacks/api-routes";
import { Console } from "./stacks/console";
import { Cron } from "./stacks/cron";
import { Events } from "./stacks/events";
import { Invoked } from "./stacks/invoked";
import { FUNCTION_DEFAULTS } from "./stacks/lambda";
import { Queues } from "./stacks/queues";
import { Storage } from "./stacks/storage";
import { StreamRoutes } from "./stacks/stream-routes";

export default {
  config() {
    return {
      name: "sightline",
      // `sst deploy --region` wins over this.
      region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? "us-east-1",
    };
  },
  stacks(app) {
    app.setDefaultFunctionProps(FUNCTION_DEFAULTS);
    app
      .stack(Storage)
      .stack(Queues)
      .stack(Api)
      .stack(Invoked)
      .stack(TelemetryRoutes)
      .stack(EvaluationRoutes)
      .stack(AdminRoutes)
      .stack(LangfuseRoutes)
      .stack(StreamRoutes)
      .stack(Cron)
      .stack(Events)
      .stack(Console);
  },
} satisfies SSTConfig;
