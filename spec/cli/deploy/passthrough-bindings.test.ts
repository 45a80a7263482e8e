import { test } from "uvu";
import * as assert from "uvu/assert";
import { passthroughBindings } from "../../../cli/deploy/passthrough-bindings.ts";

test("each passthrough binding kind becomes the metadata binding wrangler's createWorkerUploadForm makes of it", () => {
  const wrangler = {
    services: [{ binding: "AUTH", service: "auth-worker", entrypoint: "Api" }, { binding: "BILLING", service: "billing", environment: "production" }],
    analytics_engine_datasets: [{ binding: "EVENTS", dataset: "shop_events" }, { binding: "RAW" }],
    vectorize: [{ binding: "INDEX", index_name: "products" }],
    workflows: [{ binding: "ORDERS", name: "orders", class_name: "OrderFlow", script_name: "orders-worker" }],
    mtls_certificates: [{ binding: "CERT", certificate_id: "cert-1" }],
    dispatch_namespaces: [{ binding: "TENANTS", namespace: "tenants" }],
    version_metadata: { binding: "VERSION" },
    browser: { binding: "BROWSER" },
    images: { binding: "IMAGES" },
  };
  assert.equal(passthroughBindings(wrangler), [
    { type: "service", name: "AUTH", service: "auth-worker", entrypoint: "Api" },
    { type: "service", name: "BILLING", service: "billing", environment: "production" },
    { type: "analytics_engine", name: "EVENTS", dataset: "shop_events" },
    { type: "analytics_engine", name: "RAW" },
    { type: "vectorize", name: "INDEX", index_name: "products" },
    { type: "workflow", name: "ORDERS", workflow_name: "orders", class_name: "OrderFlow", script_name: "orders-worker" },
    { type: "mtls_certificate", name: "CERT", certificate_id: "cert-1" },
    { type: "dispatch_namespace", name: "TENANTS", namespace: "tenants" },
    { type: "version_metadata", name: "VERSION" },
    { type: "browser", name: "BROWSER" },
    { type: "images", name: "IMAGES" },
  ]);
});

test("a config without passthrough bindings adds none", () => {
  assert.equal(passthroughBindings({ name: "shop", vars: { A: "1" } }), []);
});

test.run();
