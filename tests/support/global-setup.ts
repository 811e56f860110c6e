/** Nothing shared across forks yet: each test file starts the stores it needs. */
export default function setup() {}
