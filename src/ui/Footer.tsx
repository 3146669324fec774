export function Footer() {
  return (
    <footer className="footer footer-center p-4 text-sm text-base-content/75">
      <p>Copyright © {new Date().getFullYear()} CareMesh</p>
    </footer>
  );
}
