// The server's lucide-react (decision 0041): tooling/server-icons.ts resolves `lucide-react` to
// this module when the server is built, and pages import their icons from `lucide-react` as usual.
//
// lucide-react's components build one React element per line of a drawing, and each goes
// through context, class merging and attribute mapping; 35 icons on a product page, 53 on the
// home page, and that on every render. Here a drawing's inner markup is made once, as a string,
// when the module loads, and every render is one <svg> element around it. The markup is
// lucide-react's own, so the browser, which keeps lucide-react's components, hydrates it as
// theirs and downloads no more JavaScript than before.
//
// Each drawing comes from lucide-react's own module of that icon (its `__iconData`), so an
// upgrade of lucide-react upgrades the drawings; `tests/icons.test.ts` checks that every icon
// the pages import is here and writes exactly what lucide-react writes.
import type { ComponentType, SVGProps } from 'react';
import { __iconData as apple } from 'lucide-react/icons/apple';
import { __iconData as arrowLeft } from 'lucide-react/icons/arrow-left';
import { __iconData as arrowLeftRight } from 'lucide-react/icons/arrow-left-right';
import { __iconData as arrowRight } from 'lucide-react/icons/arrow-right';
import { __iconData as baby } from 'lucide-react/icons/baby';
import { __iconData as badgeCheck } from 'lucide-react/icons/badge-check';
import { __iconData as ban } from 'lucide-react/icons/ban';
import { __iconData as bell } from 'lucide-react/icons/bell';
import { __iconData as bellOff } from 'lucide-react/icons/bell-off';
import { __iconData as bellPlus } from 'lucide-react/icons/bell-plus';
import { __iconData as bookOpen } from 'lucide-react/icons/book-open';
import { __iconData as briefcase } from 'lucide-react/icons/briefcase';
import { __iconData as calendarDays } from 'lucide-react/icons/calendar-days';
import { __iconData as camera } from 'lucide-react/icons/camera';
import { __iconData as car } from 'lucide-react/icons/car';
import { __iconData as check } from 'lucide-react/icons/check';
import { __iconData as chevronDown } from 'lucide-react/icons/chevron-down';
import { __iconData as chevronLeft } from 'lucide-react/icons/chevron-left';
import { __iconData as chevronRight } from 'lucide-react/icons/chevron-right';
import { __iconData as circleAlert } from 'lucide-react/icons/circle-exclamation-point';
import { __iconData as circleCheck } from 'lucide-react/icons/circle-check';
import { __iconData as clipboardCheck } from 'lucide-react/icons/clipboard-check';
import { __iconData as compass } from 'lucide-react/icons/compass';
import { __iconData as dumbbell } from 'lucide-react/icons/dumbbell';
import { __iconData as eye } from 'lucide-react/icons/eye';
import { __iconData as eyeOff } from 'lucide-react/icons/eye-off';
import { __iconData as factory } from 'lucide-react/icons/factory';
import { __iconData as flag } from 'lucide-react/icons/flag';
import { __iconData as gamepad2 } from 'lucide-react/icons/gamepad-2';
import { __iconData as graduationCap } from 'lucide-react/icons/graduation-cap';
import { __iconData as hammer } from 'lucide-react/icons/hammer';
import { __iconData as handshake } from 'lucide-react/icons/handshake';
import { __iconData as hash } from 'lucide-react/icons/hash';
import { __iconData as heart } from 'lucide-react/icons/heart';
import { __iconData as house } from 'lucide-react/icons/house';
import { __iconData as imageOff } from 'lucide-react/icons/image-off';
import { __iconData as imagePlus } from 'lucide-react/icons/image-plus';
import { __iconData as landmark } from 'lucide-react/icons/landmark';
import { __iconData as languages } from 'lucide-react/icons/languages';
import { __iconData as layoutDashboard } from 'lucide-react/icons/layout-dashboard';
import { __iconData as layoutList } from 'lucide-react/icons/layout-list';
import { __iconData as leaf } from 'lucide-react/icons/leaf';
import { __iconData as lightbulb } from 'lucide-react/icons/lightbulb';
import { __iconData as link2 } from 'lucide-react/icons/link-2';
import { __iconData as loaderCircle } from 'lucide-react/icons/loader-circle';
import { __iconData as logOut } from 'lucide-react/icons/log-out';
import { __iconData as mail } from 'lucide-react/icons/mail';
import { __iconData as mailWarning } from 'lucide-react/icons/mail-exclamation-point';
import { __iconData as mapPin } from 'lucide-react/icons/map-pin';
import { __iconData as maximize2 } from 'lucide-react/icons/maximize-2';
import { __iconData as menu } from 'lucide-react/icons/menu';
import { __iconData as messageCircle } from 'lucide-react/icons/message-circle';
import { __iconData as moon } from 'lucide-react/icons/moon';
import { __iconData as moreVertical } from 'lucide-react/icons/ellipsis-vertical';
import { __iconData as packageOpen } from 'lucide-react/icons/package-open';
import { __iconData as packagePlus } from 'lucide-react/icons/package-plus';
import { __iconData as packageX } from 'lucide-react/icons/package-x';
import { __iconData as pawPrint } from 'lucide-react/icons/paw-print';
import { __iconData as pencil } from 'lucide-react/icons/pencil';
import { __iconData as phone } from 'lucide-react/icons/phone';
import { __iconData as plus } from 'lucide-react/icons/plus';
import { __iconData as power } from 'lucide-react/icons/power';
import { __iconData as powerOff } from 'lucide-react/icons/power-off';
import { __iconData as refreshCw } from 'lucide-react/icons/refresh-cw';
import { __iconData as rotateCcw } from 'lucide-react/icons/rotate-ccw';
import { __iconData as scrollText } from 'lucide-react/icons/scroll-text';
import { __iconData as search } from 'lucide-react/icons/search';
import { __iconData as searchX } from 'lucide-react/icons/search-x';
import { __iconData as settings } from 'lucide-react/icons/settings';
import { __iconData as share2 } from 'lucide-react/icons/share-2';
import { __iconData as shieldAlert } from 'lucide-react/icons/shield-exclamation-point';
import { __iconData as shieldCheck } from 'lucide-react/icons/shield-check';
import { __iconData as shirt } from 'lucide-react/icons/shirt';
import { __iconData as slidersHorizontal } from 'lucide-react/icons/sliders-horizontal';
import { __iconData as smartphone } from 'lucide-react/icons/smartphone';
import { __iconData as sofa } from 'lucide-react/icons/sofa';
import { __iconData as sparkles } from 'lucide-react/icons/sparkles';
import { __iconData as star } from 'lucide-react/icons/star';
import { __iconData as store } from 'lucide-react/icons/store';
import { __iconData as sun } from 'lucide-react/icons/sun';
import { __iconData as tag } from 'lucide-react/icons/tag';
import { __iconData as ticket } from 'lucide-react/icons/ticket';
import { __iconData as trash2 } from 'lucide-react/icons/trash';
import { __iconData as triangleAlert } from 'lucide-react/icons/triangle-exclamation-point';
import { __iconData as undo2 } from 'lucide-react/icons/undo-2';
import { __iconData as users } from 'lucide-react/icons/users';
import { __iconData as wrench } from 'lucide-react/icons/wrench';
import { __iconData as x } from 'lucide-react/icons/x';

/** What the site passes to an icon: its classes, and for the few that speak, a label and role. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>;
type IconComponent = ComponentType<IconProps>;

/** A drawing as lucide-react's icon modules describe it. */
interface Drawing {
  name: string;
  /** Former names: lucide-react adds a class for each. */
  aliases?: string[];
  node: Line[];
}
type Line = [element: string, attributes: Record<string, string | number>, children?: Line[]];

// Every `lucide-react/icons/*` module is typed by one declaration file that only declares the
// component; its drawing is exported too, and declared here once for all of them.
declare module 'lucide-react/icons/x' {
  // lucide-react's name, not ours.
  // oxlint-disable-next-line no-underscore-dangle
  export const __iconData: Drawing;
}

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The markup inside an icon's <svg>, as React would write it (`key` is React's, not the drawing's). */
export function innerMarkup(lines: readonly Line[]): string {
  return lines
    .map(([element, attributes, children]) => {
      const written = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return `<${element}${written}>${children ? innerMarkup(children) : ''}</${element}>`;
    })
    .join('');
}

/** The class attribute as lucide-react writes it: its own classes, then the caller's, each once. */
function classesOf(own: readonly string[], className: string | undefined): string {
  if (!className) return own.join(' ');
  return [...new Set([...own, ...className.split(/\s+/).filter(Boolean)])].join(' ');
}

/** A component drawing `drawing`, with lucide-react's <svg> attributes. */
export function iconOf(drawing: Drawing): IconComponent {
  // Guards an upgrade of lucide-react that stops exporting its drawings: the site fails to start, not to draw.
  if (!drawing || !Array.isArray(drawing.node)) throw new Error('lucide-react no longer exports an icon’s drawing (__iconData): see app/components/icons.server.tsx');
  // One object for every render: React only reads it.
  const inner = { __html: innerMarkup(drawing.node) };
  const own = ['lucide', `lucide-${drawing.name}`, ...(drawing.aliases ?? []).filter((alias) => alias.trim() !== '').map((alias) => `lucide-${alias}`)];
  function DrawnIcon({ className, ...rest }: IconProps) {
    // As lucide-react: an icon that says nothing to assistive technology is hidden from it.
    const speaks = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined || rest.role !== undefined;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classesOf(own, className)}
        aria-hidden={speaks ? undefined : true}
        {...rest}
        dangerouslySetInnerHTML={inner}
      />
    );
  }
  DrawnIcon.displayName = drawing.name;
  return DrawnIcon;
}

export const Apple = /* @__PURE__ */ iconOf(apple);
export const ArrowLeft = /* @__PURE__ */ iconOf(arrowLeft);
export const ArrowLeftRight = /* @__PURE__ */ iconOf(arrowLeftRight);
export const ArrowRight = /* @__PURE__ */ iconOf(arrowRight);
export const Baby = /* @__PURE__ */ iconOf(baby);
export const BadgeCheck = /* @__PURE__ */ iconOf(badgeCheck);
export const Ban = /* @__PURE__ */ iconOf(ban);
export const Bell = /* @__PURE__ */ iconOf(bell);
export const BellOff = /* @__PURE__ */ iconOf(bellOff);
export const BellPlus = /* @__PURE__ */ iconOf(bellPlus);
export const BookOpen = /* @__PURE__ */ iconOf(bookOpen);
export const Briefcase = /* @__PURE__ */ iconOf(briefcase);
export const CalendarDays = /* @__PURE__ */ iconOf(calendarDays);
export const Camera = /* @__PURE__ */ iconOf(camera);
export const Car = /* @__PURE__ */ iconOf(car);
export const Check = /* @__PURE__ */ iconOf(check);
export const ChevronDown = /* @__PURE__ */ iconOf(chevronDown);
export const ChevronLeft = /* @__PURE__ */ iconOf(chevronLeft);
export const ChevronRight = /* @__PURE__ */ iconOf(chevronRight);
export const CircleAlert = /* @__PURE__ */ iconOf(circleAlert);
export const CircleCheck = /* @__PURE__ */ iconOf(circleCheck);
export const ClipboardCheck = /* @__PURE__ */ iconOf(clipboardCheck);
export const Compass = /* @__PURE__ */ iconOf(compass);
export const Dumbbell = /* @__PURE__ */ iconOf(dumbbell);
export const Eye = /* @__PURE__ */ iconOf(eye);
export const EyeOff = /* @__PURE__ */ iconOf(eyeOff);
export const Factory = /* @__PURE__ */ iconOf(factory);
export const Flag = /* @__PURE__ */ iconOf(flag);
export const Gamepad2 = /* @__PURE__ */ iconOf(gamepad2);
export const GraduationCap = /* @__PURE__ */ iconOf(graduationCap);
export const Hammer = /* @__PURE__ */ iconOf(hammer);
export const Handshake = /* @__PURE__ */ iconOf(handshake);
export const Hash = /* @__PURE__ */ iconOf(hash);
export const Heart = /* @__PURE__ */ iconOf(heart);
export const House = /* @__PURE__ */ iconOf(house);
export const ImageOff = /* @__PURE__ */ iconOf(imageOff);
export const ImagePlus = /* @__PURE__ */ iconOf(imagePlus);
export const Landmark = /* @__PURE__ */ iconOf(landmark);
export const Languages = /* @__PURE__ */ iconOf(languages);
export const LayoutDashboard = /* @__PURE__ */ iconOf(layoutDashboard);
export const LayoutList = /* @__PURE__ */ iconOf(layoutList);
export const Leaf = /* @__PURE__ */ iconOf(leaf);
export const Lightbulb = /* @__PURE__ */ iconOf(lightbulb);
export const Link2 = /* @__PURE__ */ iconOf(link2);
export const LoaderCircle = /* @__PURE__ */ iconOf(loaderCircle);
export const LogOut = /* @__PURE__ */ iconOf(logOut);
export const Mail = /* @__PURE__ */ iconOf(mail);
export const MailWarning = /* @__PURE__ */ iconOf(mailWarning);
export const MapPin = /* @__PURE__ */ iconOf(mapPin);
export const Maximize2 = /* @__PURE__ */ iconOf(maximize2);
export const Menu = /* @__PURE__ */ iconOf(menu);
export const MessageCircle = /* @__PURE__ */ iconOf(messageCircle);
export const Moon = /* @__PURE__ */ iconOf(moon);
export const MoreVertical = /* @__PURE__ */ iconOf(moreVertical);
export const PackageOpen = /* @__PURE__ */ iconOf(packageOpen);
export const PackagePlus = /* @__PURE__ */ iconOf(packagePlus);
export const PackageX = /* @__PURE__ */ iconOf(packageX);
export const PawPrint = /* @__PURE__ */ iconOf(pawPrint);
export const Pencil = /* @__PURE__ */ iconOf(pencil);
export const Phone = /* @__PURE__ */ iconOf(phone);
export const Plus = /* @__PURE__ */ iconOf(plus);
export const Power = /* @__PURE__ */ iconOf(power);
export const PowerOff = /* @__PURE__ */ iconOf(powerOff);
export const RefreshCw = /* @__PURE__ */ iconOf(refreshCw);
export const RotateCcw = /* @__PURE__ */ iconOf(rotateCcw);
export const ScrollText = /* @__PURE__ */ iconOf(scrollText);
export const Search = /* @__PURE__ */ iconOf(search);
export const SearchX = /* @__PURE__ */ iconOf(searchX);
export const Settings = /* @__PURE__ */ iconOf(settings);
export const Share2 = /* @__PURE__ */ iconOf(share2);
export const ShieldAlert = /* @__PURE__ */ iconOf(shieldAlert);
export const ShieldCheck = /* @__PURE__ */ iconOf(shieldCheck);
export const Shirt = /* @__PURE__ */ iconOf(shirt);
export const SlidersHorizontal = /* @__PURE__ */ iconOf(slidersHorizontal);
export const Smartphone = /* @__PURE__ */ iconOf(smartphone);
export const Sofa = /* @__PURE__ */ iconOf(sofa);
export const Sparkles = /* @__PURE__ */ iconOf(sparkles);
export const Star = /* @__PURE__ */ iconOf(star);
export const Store = /* @__PURE__ */ iconOf(store);
export const Sun = /* @__PURE__ */ iconOf(sun);
export const Tag = /* @__PURE__ */ iconOf(tag);
export const Ticket = /* @__PURE__ */ iconOf(ticket);
export const Trash2 = /* @__PURE__ */ iconOf(trash2);
export const TriangleAlert = /* @__PURE__ */ iconOf(triangleAlert);
export const Undo2 = /* @__PURE__ */ iconOf(undo2);
export const Users = /* @__PURE__ */ iconOf(users);
export const Wrench = /* @__PURE__ */ iconOf(wrench);
export const X = /* @__PURE__ */ iconOf(x);
