export default async function (message: { from: string }) {
  console.log("mail for support from", message.from);
}
