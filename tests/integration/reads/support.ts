// The reads tests' helpers live in tests/support, which every feature's tests share.
export { allPages, get } from "../../support/list-pages";
export { type Key, newProject } from "../../support/projects";
