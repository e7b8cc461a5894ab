// Being written.
export default function Pending() {
  return null;
}
