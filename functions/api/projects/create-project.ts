import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Create a sibling project in this key's organization, with an ADMIN key of its own",
  tags: ["projects"],
  body: Tenancy.CreateProjectBody,
  response: Tenancy.CreatedProject,
  status: 201,
  run: ({ body }, { deps, principal }) => Tenancy.createProject(deps, principal, body),
});
