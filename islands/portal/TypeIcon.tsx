import {
  Box,
  Briefcase,
  Building,
  CircleHelp,
  Computer,
  FileText,
  Heart,
  Monitor,
  Package,
  Shield,
  Tag,
  Ticket,
  Wrench,
  type LucideIcon,
} from "../../src/ui/icons";

/** Known type icons; anything else falls back to a help icon. */
const ICONS: Record<string, LucideIcon> = {
  monitor: Monitor,
  tag: Tag,
  package: Package,
  wrench: Wrench,
  building: Building,
  briefcase: Briefcase,
  heart: Heart,
  shield: Shield,
  helpCircle: CircleHelp,
  computer: Computer,
  ticket: Ticket,
  box: Box,
  tool: Wrench,
  "file-text": FileText,
  fileText: FileText,
};

export function TypeIcon({ icon, className = "h-5 w-5" }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? CircleHelp;
  return <Icon className={className} aria-hidden="true" />;
}
