import { createSignal, type ParentProps } from "solid-js";

export default function BlogLayout(props: ParentProps) {
  const [count, setCount] = createSignal(0);
  return (
    <div class="blog">
      <button id="blog-counter" onClick={() => setCount(count() + 1)}>blog layout {count()}</button>
      {props.children}
    </div>
  );
}
