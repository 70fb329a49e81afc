/** The metrics endpoint's text: Prometheus's exposition format, status classes, the bearer token read from its header. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
interface Family {
  name: string;
  help: string;
  type: string;
  samples: { labels?: Record<string, string>; value: number }[];
}
const metrics = require("./metrics_text.js") as {
  statusClass: (status: number) => string;
  exposition: (families: Family[]) => string;
  bearerToken: (header: string) => string;
};

describe("metrics text", () => {
  it("writes HELP, TYPE and samples, labels in order, one family after another, with a final newline", () => {
    const text = metrics.exposition([
      { name: "sg_requests_total", help: "Requests answered.", type: "counter", samples: [{ labels: { class: "2xx" }, value: 3 }, { labels: { class: "5xx" }, value: 0 }] },
      { name: "sg_empty", help: "Nothing yet.", type: "gauge", samples: [] },
      { name: "sg_bytes", help: "Bytes.", type: "gauge", samples: [{ value: 1234567890123 }] },
    ]);
    expect(text).toBe(
      [
        "# HELP sg_requests_total Requests answered.",
        "# TYPE sg_requests_total counter",
        'sg_requests_total{class="2xx"} 3',
        'sg_requests_total{class="5xx"} 0',
        "# HELP sg_bytes Bytes.",
        "# TYPE sg_bytes gauge",
        "sg_bytes 1234567890123",
        "",
      ].join("\n"),
    );
  });

  it("escapes label values and help text, and writes NaN and infinities as the format does", () => {
    const text = metrics.exposition([{ name: "x", help: "a\\b\nc", type: "gauge", samples: [{ labels: { l: 'q"\\\n' }, value: NaN }, { value: Infinity }] }]);
    expect(text).toContain("# HELP x a\\\\b\\nc");
    expect(text).toContain('x{l="q\\"\\\\\\n"} NaN');
    expect(text).toContain("x +Inf");
  });

  it("refuses a name Prometheus would not take", () => {
    expect(() => metrics.exposition([{ name: "bad-name", help: "", type: "gauge", samples: [{ value: 1 }] }])).toThrow(/Not a metric name/);
  });

  it("puts each status in its class, anything else in other", () => {
    expect([101, 200, 204, 301, 404, 429, 500, 503].map(metrics.statusClass)).toEqual(["1xx", "2xx", "2xx", "3xx", "4xx", "4xx", "5xx", "5xx"]);
    expect([0, 99, 600, NaN].map(metrics.statusClass)).toEqual(["other", "other", "other", "other"]);
  });

  it("reads a bearer token, and nothing from another kind of header", () => {
    expect(metrics.bearerToken("Bearer abc.DEF-123")).toBe("abc.DEF-123");
    expect(metrics.bearerToken("bearer  abc ")).toBe("abc");
    expect(metrics.bearerToken("Basic YWxhZGRpbjpvcGVuc2VzYW1l")).toBe("");
    expect(metrics.bearerToken("Bearer a b")).toBe("");
    expect(metrics.bearerToken("")).toBe("");
  });
});
