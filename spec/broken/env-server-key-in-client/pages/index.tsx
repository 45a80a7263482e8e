export default function Home() {
  return (
    <main>
      <h1>{import.meta.env.PUBLIC_SITE_NAME}</h1>
      <p>{import.meta.env.API_TOKEN}</p>
    </main>
  );
}
