import { PGlite } from "@electric-sql/pglite";
let t=performance.now();
const a = new PGlite(); await a.waitReady; console.log("new", performance.now()-t);
await a.exec("create table x(id int primary key, v text); insert into x select g, 'v'||g from generate_series(1,1000) g;");
t=performance.now(); const b = await a.clone(); console.log("clone", performance.now()-t);
t=performance.now(); const c = await a.clone(); console.log("clone2", performance.now()-t);
console.log((await c.query("select count(*) from x")).rows, (await c.query("select version()")).rows);
