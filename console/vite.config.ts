import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The console builds to console/dist, which `npm start` serves at `/` (docs/console.md, "Build and serve").
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { "/v1": "http://127.0.0.1:3000", "/config.json": "http://127.0.0.1:3000" } },
});
