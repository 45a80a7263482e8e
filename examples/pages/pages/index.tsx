import { useState } from "react";

export default function Home() {
  const [count, setCount] = useState(0);
  return (
    <section>
      <h1>Hello from sdk pages</h1>
      <button onClick={() => setCount(count + 1)}>clicked {count} times</button>
    </section>
  );
}
