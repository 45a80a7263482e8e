import { useState } from "react";

export default function Home() {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <h1>Welcome to sdk</h1>
      <p>Edit pages/index.tsx and save: the page updates in place.</p>
      <button onClick={() => setClicks(clicks + 1)}>clicked {clicks}</button>
    </main>
  );
}
