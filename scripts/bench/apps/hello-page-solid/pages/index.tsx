/** GET /: the hello page. Plain Solid: what the client-size figure counts beyond it is our core. */
export default function Hello() {
  return <h1>hello, world</h1>;
}
