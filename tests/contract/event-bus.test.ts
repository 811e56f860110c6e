import { inProcessEventBus } from "@core/adapters/local/in-process-event-bus";
import { jsonLog } from "@core/adapters/system/json-log";
import { describeEventBus } from "./event-bus.contract";

// The EventBridge adapter's requests are checked against the SDK's command shapes in tests/unit/automations.
describeEventBus("in-process", async (consumers) => inProcessEventBus(() => consumers, jsonLog({ level: "silent" })));
