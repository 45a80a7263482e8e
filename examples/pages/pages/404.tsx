export default function NotFound() {
  return <h1>Nothing here</h1>;
}
