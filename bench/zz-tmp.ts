import { benchFoundation } from "./foundation";
console.log(await benchFoundation());
