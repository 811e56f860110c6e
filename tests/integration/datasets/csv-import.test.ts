import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

describe("CSV import (docs/datasets.md)", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(() => app?.close());

  const importCsv = (name: string, csv: string, mapping: Record<string, unknown>) =>
    app.call("POST", `/v1/datasets/${name}/items/csv`, { key, body: { csv, mapping } });
  const items = async (name: string) =>
    (await app.call("GET", `/v1/datasets/${name}`, { key })).body.items.map((i: any) => ({
      input: i.input,
      expectedOutput: i.expectedOutput,
    }));

  it("rule 1: one input column gives the cell itself; several give an object keyed by column name", async () => {
    const one = await dataset(app, key);
    const several = await dataset(app, key);
    const csv = "question,context,answer\nWhat is 2+2?,math,4\nCapital of France?,geo,Paris\n";

    const a = await importCsv(one, csv, { input: "question", expectedOutput: "answer" });
    const b = await importCsv(several, csv, { input: ["question", "context"], expectedOutput: "answer" });

    expect(a.body).toEqual({ added: 2, rejected: 0, errors: [] });
    expect(await items(one)).toEqual([
      { input: "What is 2+2?", expectedOutput: "4" },
      { input: "Capital of France?", expectedOutput: "Paris" },
    ]);
    expect(b.body.added).toBe(2);
    expect(await items(several)).toEqual([
      { input: { question: "What is 2+2?", context: "math" }, expectedOutput: "4" },
      { input: { question: "Capital of France?", context: "geo" }, expectedOutput: "Paris" },
    ]);
  });

  it("rule 2: expectedOutput names its column, unmapped columns are ignored, and without it items have no expected output", async () => {
    const name = await dataset(app, key);

    await importCsv(name, "q,ignored,a\nhello,zzz,world\n", { input: "q" });

    expect(await items(name)).toEqual([{ input: "hello", expectedOutput: null }]);
  });

  it("rule 3: a cell that looks like a JSON object or array is parsed; a bare number stays a string", async () => {
    const name = await dataset(app, key);
    const csv = [
      "input,expected",
      '"{""city"": ""Paris"", ""n"": 2}","[1, 2, 3]"',
      "123,456",
      "true,null",
      '" [""padded""] ","{not json}"',
      '"{""a"":1}","12.5"',
    ].join("\n");

    const res = await importCsv(name, csv, { input: "input", expectedOutput: "expected" });

    expect(res.body).toEqual({ added: 5, rejected: 0, errors: [] });
    expect(await items(name)).toEqual([
      { input: { city: "Paris", n: 2 }, expectedOutput: [1, 2, 3] },
      { input: "123", expectedOutput: "456" },
      { input: "true", expectedOutput: "null" },
      { input: ["padded"], expectedOutput: "{not json}" },
      { input: { a: 1 }, expectedOutput: "12.5" },
    ]);
  });

  it("rule 4: quoted commas, newlines inside quotes, escaped quotes, CRLF line ends and a leading BOM", async () => {
    const name = await dataset(app, key);
    const csv = '\uFEFFquestion,answer\r\n"Paris, France","line one\r\nline two"\r\n"She said ""hi""",plain\r\n';

    const res = await importCsv(name, csv, { input: "question", expectedOutput: "answer" });

    expect(res.body).toEqual({ added: 2, rejected: 0, errors: [] });
    expect(await items(name)).toEqual([
      { input: "Paris, France", expectedOutput: "line one\r\nline two" },
      { input: 'She said "hi"', expectedOutput: "plain" },
    ]);
  });

  it("rule 5: a mapped column absent from the file fails the whole import with 400 csv_missing_column, nothing imported", async () => {
    const name = await dataset(app, key);

    const missingInput = await importCsv(name, "question,answer\nq1,a1\n", {
      input: ["question", "context"],
      expectedOutput: "answer",
    });
    const missingExpected = await importCsv(name, "question,answer\nq1,a1\n", {
      input: "question",
      expectedOutput: "expected",
    });

    expect(missingInput.status).toBe(400);
    expect(missingInput.body.error).toEqual({
      code: "csv_missing_column",
      message: "Column 'context' named by mapping.input is not in the CSV header (columns: question, answer)",
      details: { column: "context", mapping: "input", columns: ["question", "answer"] },
    });
    expect(missingExpected.status).toBe(400);
    expect(missingExpected.body.error.code).toBe("csv_missing_column");
    expect(missingExpected.body.error.message).toBe(
      "Column 'expected' named by mapping.expectedOutput is not in the CSV header (columns: question, answer)",
    );
    expect((await app.call("GET", `/v1/datasets/${name}`, { key })).body.itemCount).toBe(0);
  });

  it("rule 6: the declared item schema applies to imported rows, with the row's position as index", async () => {
    const name = await dataset(app, key, {
      schema: { input: { required: ["question", "lang"], properties: { lang: { enum: ["en", "fr"] } } } },
    });
    const csv = "question,lang,answer\nq0,en,a0\nq1,de,a1\nq2,fr,a2\n";

    const res = await importCsv(name, csv, { input: ["question", "lang"], expectedOutput: "answer" });
    const single = await importCsv(name, csv, { input: "question" });

    expect(res.body).toEqual({
      added: 2,
      rejected: 1,
      errors: [{ index: 1, field: "input.lang", message: "must be one of: en, fr" }],
    });
    expect(single.body).toEqual({
      added: 0,
      rejected: 3,
      errors: [0, 1, 2].map((index) => ({ index, field: "input", message: "must be of type object" })),
    });
  });

  it("refuses a CSV that cannot be parsed, or has no header, with 400 and imports nothing", async () => {
    const name = await dataset(app, key);

    const unclosed = await importCsv(name, 'q,a\n"open,quote\n', { input: "q" });
    const ragged = await importCsv(name, "q,a\n1,2,3\n", { input: "q" });
    const empty = await importCsv(name, "", { input: "q" });
    const foreign = await app.call("POST", `/v1/datasets/${name}/items/csv`, {
      key: await newProject(app),
      body: { csv: "q\n1\n", mapping: { input: "q" } },
    });

    expect(unclosed.status).toBe(400);
    expect(unclosed.body.error.message).toMatch(/^The CSV cannot be parsed: /);
    expect(ragged.status).toBe(400);
    expect(ragged.body.error.details).toEqual({ code: "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("The CSV is empty: its first row must name the columns");
    expect(foreign.status).toBe(404);
    expect((await app.call("GET", `/v1/datasets/${name}`, { key })).body.itemCount).toBe(0);
  });
});
