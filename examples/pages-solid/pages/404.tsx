export default function NotFound() {
  return <h1>No page here</h1>;
}
