export default function Home() {
  return <a href={import.meta.env.PUBLIC_API_BASE}>API</a>;
}
