export default function Post() {
  return <h1>Post</h1>;
}
