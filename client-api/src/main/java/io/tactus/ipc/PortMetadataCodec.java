package io.tactus.ipc;

import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.Property;
import io.tactus.api.PropertyChange;

import java.util.ArrayList;
import java.util.List;

/**
 * The wire layout of the port-query, alias, rename, statistics and metadata messages (codes 20-27, 80-84, 151),
 * kept beside {@link ControlCodec} so that its switch carries one line for them. Same conventions: positional,
 * big-endian, strings as uint16 length and UTF-8, lists as an int32 count and the elements.
 */
final class PortMetadataCodec {

    /** Subject and three empty strings. */
    private static final int MIN_PROPERTY_BYTES = Long.BYTES + 3 * Short.BYTES;

    private PortMetadataCodec() {
    }

    static void write(ControlMessage message, FrameWriter w) {
        if (message instanceof Request.QueryPorts m) {
            w.string(m.namePattern()).string(m.typePattern()).int32(m.flags());
        } else if (message instanceof Request.DescribePort m) {
            w.string(m.name());
        } else if (message instanceof Request.PortById m) {
            w.int64(m.id());
        } else if (message instanceof Request.Alias m) {
            w.string(m.port()).string(m.alias()).bool(m.set());
        } else if (message instanceof Request.RenamePort m) {
            w.string(m.shortName()).string(m.newShortName());
        } else if (message instanceof Request.Statistics m) {
            w.bool(m.resetMaxDelay());
        } else if (message instanceof Request.Property m) {
            w.string(m.action()).int64(m.subject()).string(m.key()).string(m.value()).string(m.valueType());
        } else if (message instanceof Request.ClientUuid m) {
            w.string(m.clientName());
        } else if (message instanceof Reply.PortNames m) {
            w.int32(m.names().size());
            m.names().forEach(w::string);
        } else if (message instanceof Reply.PortDescription m) {
            PortDetails p = m.port();
            w.string(p.name()).int64(p.id()).int32(p.type().ordinal()).int32(p.flagBits()).int32(p.aliases().size());
            p.aliases().forEach(w::string);
        } else if (message instanceof Reply.StatisticsReport m) {
            w.float64(m.cpuLoadPercent()).float64(m.maxDelayedMicros()).float64(m.xrunDelayedMicros());
        } else if (message instanceof Reply.PropertyList m) {
            w.int32(m.properties().size());
            for (Property p : m.properties()) {
                w.int64(p.subject()).string(p.key()).string(p.value()).string(p.type());
            }
        } else if (message instanceof Reply.Uuid m) {
            w.int64(m.uuid());
        } else if (message instanceof Notification.PropertyChanged m) {
            w.int64(m.subject()).string(m.key()).int32(m.change().ordinal());
        } else {
            throw new IllegalArgumentException(message.type().label() + " is not a port-query or metadata message");
        }
    }

    static ControlMessage read(MessageType type, FrameReader r) {
        return switch (type) {
            case QUERY_PORTS -> new Request.QueryPorts(r.string(), r.string(), r.int32());
            case DESCRIBE_PORT -> new Request.DescribePort(r.string());
            case PORT_BY_ID -> new Request.PortById(r.int64());
            case ALIAS -> new Request.Alias(r.string(), r.string(), r.bool());
            case RENAME_PORT -> new Request.RenamePort(r.string(), r.string());
            case STATISTICS -> new Request.Statistics(r.bool());
            case PROPERTY -> new Request.Property(r.string(), r.int64(), r.string(), r.string(), r.string());
            case CLIENT_UUID -> new Request.ClientUuid(r.string());
            case PORT_NAMES -> {
                int count = r.count("port names", Short.BYTES);
                List<String> names = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    names.add(r.string());
                }
                yield new Reply.PortNames(names);
            }
            case PORT_DESCRIPTION -> {
                String name = r.string();
                long id = r.int64();
                var portType = ControlCodec.portType(r.int32());
                int flags = r.int32();
                int count = r.count("aliases", Short.BYTES);
                List<String> aliases = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    aliases.add(r.string());
                }
                yield new Reply.PortDescription(new PortDetails(name, id, portType, PortFlag.of(flags), aliases));
            }
            case STATISTICS_REPORT -> new Reply.StatisticsReport(r.float64(), r.float64(), r.float64());
            case PROPERTY_LIST -> {
                int count = r.count("properties", MIN_PROPERTY_BYTES);
                List<Property> properties = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    properties.add(new Property(r.int64(), r.string(), r.string(), r.string()));
                }
                yield new Reply.PropertyList(properties);
            }
            case UUID -> new Reply.Uuid(r.int64());
            case PROPERTY_CHANGED -> new Notification.PropertyChanged(r.int64(), r.string(), change(r.int32()));
            default -> throw new IllegalArgumentException(type.label() + " is not a port-query or metadata message");
        };
    }

    private static PropertyChange change(int code) {
        PropertyChange[] values = PropertyChange.values();
        if (code < 0 || code >= values.length) {
            throw new ProtocolException("property change " + code + " is not one this Tactus knows (0 created, 1 changed,"
                    + " 2 deleted)");
        }
        return values[code];
    }
}
