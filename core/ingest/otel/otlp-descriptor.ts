/**
 * The OTLP trace and logs requests as a protobufjs reflection descriptor: the messages, field numbers and wire
 * types of opentelemetry-proto's common/v1, resource/v1, trace/v1, logs/v1 and their collector files (docs/ingest.md).
 * Field names are the camelCase JSON names, so a decoded message already has the OTLP JSON shape. Fields
 * OTLP added later and this does not list are skipped by the decoder, as protobuf requires.
 */
const field = (type: string, id: number, rule?: "repeated") => (rule ? { type, id, rule } : { type, id });

export const OTLP_DESCRIPTOR = {
  nested: {
    opentelemetry: {
      nested: {
        proto: {
          nested: {
            common: {
              nested: {
                v1: {
                  nested: {
                    AnyValue: {
                      oneofs: {
                        value: {
                          oneof: [
                            "stringValue",
                            "boolValue",
                            "intValue",
                            "doubleValue",
                            "arrayValue",
                            "kvlistValue",
                            "bytesValue",
                          ],
                        },
                      },
                      fields: {
                        stringValue: field("string", 1),
                        boolValue: field("bool", 2),
                        intValue: field("int64", 3),
                        doubleValue: field("double", 4),
                        arrayValue: field("ArrayValue", 5),
                        kvlistValue: field("KeyValueList", 6),
                        bytesValue: field("bytes", 7),
                      },
                    },
                    ArrayValue: { fields: { values: field("AnyValue", 1, "repeated") } },
                    KeyValueList: { fields: { values: field("KeyValue", 1, "repeated") } },
                    KeyValue: { fields: { key: field("string", 1), value: field("AnyValue", 2) } },
                    InstrumentationScope: {
                      fields: {
                        name: field("string", 1),
                        version: field("string", 2),
                        attributes: field("KeyValue", 3, "repeated"),
                        droppedAttributesCount: field("uint32", 4),
                      },
                    },
                  },
                },
              },
            },
            resource: {
              nested: {
                v1: {
                  nested: {
                    Resource: {
                      fields: {
                        attributes: field("opentelemetry.proto.common.v1.KeyValue", 1, "repeated"),
                        droppedAttributesCount: field("uint32", 2),
                      },
                    },
                  },
                },
              },
            },
            trace: {
              nested: {
                v1: {
                  nested: {
                    ResourceSpans: {
                      fields: {
                        resource: field("opentelemetry.proto.resource.v1.Resource", 1),
                        scopeSpans: field("ScopeSpans", 2, "repeated"),
                        schemaUrl: field("string", 3),
                      },
                    },
                    ScopeSpans: {
                      fields: {
                        scope: field("opentelemetry.proto.common.v1.InstrumentationScope", 1),
                        spans: field("Span", 2, "repeated"),
                        schemaUrl: field("string", 3),
                      },
                    },
                    Span: {
                      fields: {
                        traceId: field("bytes", 1),
                        spanId: field("bytes", 2),
                        traceState: field("string", 3),
                        parentSpanId: field("bytes", 4),
                        flags: field("fixed32", 16),
                        name: field("string", 5),
                        kind: field("SpanKind", 6),
                        startTimeUnixNano: field("fixed64", 7),
                        endTimeUnixNano: field("fixed64", 8),
                        attributes: field("opentelemetry.proto.common.v1.KeyValue", 9, "repeated"),
                        droppedAttributesCount: field("uint32", 10),
                        events: field("Event", 11, "repeated"),
                        droppedEventsCount: field("uint32", 12),
                        links: field("Link", 13, "repeated"),
                        droppedLinksCount: field("uint32", 14),
                        status: field("Status", 15),
                      },
                      nested: {
                        SpanKind: {
                          values: {
                            SPAN_KIND_UNSPECIFIED: 0,
                            SPAN_KIND_INTERNAL: 1,
                            SPAN_KIND_SERVER: 2,
                            SPAN_KIND_CLIENT: 3,
                            SPAN_KIND_PRODUCER: 4,
                            SPAN_KIND_CONSUMER: 5,
                          },
                        },
                        Event: {
                          fields: {
                            timeUnixNano: field("fixed64", 1),
                            name: field("string", 2),
                            attributes: field("opentelemetry.proto.common.v1.KeyValue", 3, "repeated"),
                            droppedAttributesCount: field("uint32", 4),
                          },
                        },
                        Link: {
                          fields: {
                            traceId: field("bytes", 1),
                            spanId: field("bytes", 2),
                            traceState: field("string", 3),
                            attributes: field("opentelemetry.proto.common.v1.KeyValue", 4, "repeated"),
                            droppedAttributesCount: field("uint32", 5),
                            flags: field("fixed32", 6),
                          },
                        },
                      },
                    },
                    Status: {
                      fields: { message: field("string", 2), code: field("StatusCode", 3) },
                      nested: {
                        StatusCode: { values: { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 } },
                      },
                    },
                  },
                },
              },
            },
            logs: {
              nested: {
                v1: {
                  nested: {
                    ResourceLogs: {
                      fields: {
                        resource: field("opentelemetry.proto.resource.v1.Resource", 1),
                        scopeLogs: field("ScopeLogs", 2, "repeated"),
                        schemaUrl: field("string", 3),
                      },
                    },
                    ScopeLogs: {
                      fields: {
                        scope: field("opentelemetry.proto.common.v1.InstrumentationScope", 1),
                        logRecords: field("LogRecord", 2, "repeated"),
                        schemaUrl: field("string", 3),
                      },
                    },
                    LogRecord: {
                      fields: {
                        timeUnixNano: field("fixed64", 1),
                        observedTimeUnixNano: field("fixed64", 11),
                        severityNumber: field("int32", 2),
                        severityText: field("string", 3),
                        body: field("opentelemetry.proto.common.v1.AnyValue", 5),
                        attributes: field("opentelemetry.proto.common.v1.KeyValue", 6, "repeated"),
                        droppedAttributesCount: field("uint32", 7),
                        flags: field("fixed32", 8),
                        traceId: field("bytes", 9),
                        spanId: field("bytes", 10),
                        eventName: field("string", 12),
                      },
                    },
                  },
                },
              },
            },
            collector: {
              nested: {
                trace: {
                  nested: {
                    v1: {
                      nested: {
                        ExportTraceServiceRequest: {
                          fields: { resourceSpans: field("opentelemetry.proto.trace.v1.ResourceSpans", 1, "repeated") },
                        },
                      },
                    },
                  },
                },
                logs: {
                  nested: {
                    v1: {
                      nested: {
                        ExportLogsServiceRequest: {
                          fields: { resourceLogs: field("opentelemetry.proto.logs.v1.ResourceLogs", 1, "repeated") },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
