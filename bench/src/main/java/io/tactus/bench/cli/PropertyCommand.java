package io.tactus.bench.cli;

import io.tactus.api.Property;
import io.tactus.api.TactusException;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code tactus property}: sets, shows and removes metadata of a running server's clients and ports, as
 * {@code jack_property}: {@code -s SUBJECT KEY VALUE [TYPE]}, {@code -l [SUBJECT [KEY]]} (or the arguments alone),
 * {@code -d SUBJECT [KEY]}, {@code -D}; a subject is an id, or a client name with {@code -c}, a port name with
 * {@code -p}.
 */
@Command(name = "property", mixinStandardHelpOptions = true,
        description = "Sets, lists and removes metadata of a running server's clients and ports (as jack_property).")
public final class PropertyCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @ArgGroup(exclusive = true)
    Action action = new Action();

    static final class Action {
        @Option(names = {"-s", "--set"}, description = "set KEY to VALUE (of TYPE) on SUBJECT") boolean set;
        @Option(names = {"-l", "--list"}, description = "show VALUE of KEY, all of SUBJECT's, or all") boolean list;
        @Option(names = {"-d", "--delete"}, description = "remove KEY of SUBJECT, or all of SUBJECT's") boolean delete;
        @Option(names = {"-D", "--delete-all"}, description = "remove every property of every subject") boolean deleteAll;
    }

    @ArgGroup(exclusive = true)
    Kind kind = new Kind();

    static final class Kind {
        @Option(names = {"-c", "--client"}, description = "SUBJECT is a client name, not an id") boolean client;
        @Option(names = {"-p", "--port"}, description = "SUBJECT is a port name or alias, not an id") boolean port;
    }

    @Parameters(paramLabel = "ARGS", arity = "0..4", description = "SUBJECT [KEY [VALUE [TYPE]]]")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        requireArguments();
        try (RemoteTactusClient client = server.connect("property")) {
            if (action.deleteAll) {
                client.removeAllProperties();
            } else if (args.isEmpty()) {
                printAll(client.getAllProperties(), System.out);
            } else {
                long subject = subject(client, args.get(0));
                if (action.set) {
                    client.setProperty(subject, args.get(1), args.get(2), args.size() > 3 ? args.get(3) : "");
                } else if (action.delete && args.size() == 2) {
                    client.removeProperty(subject, args.get(1));
                } else if (action.delete) {
                    client.removeProperties(subject);
                } else if (args.size() == 2) {
                    Property p = client.getProperty(subject, args.get(1)).orElseThrow(() -> new TactusException(
                            "subject " + subject + " has no property '" + args.get(1) + "'"));
                    System.out.println(p.value() + (p.type().isEmpty() ? "" : " " + p.type()));
                } else {
                    client.getProperties(subject).forEach(p -> System.out.println(line(p)));
                }
            }
        }
        System.out.flush();
        return 0;
    }

    /** Each action's arguments, checked before the server is asked. */
    private void requireArguments() {
        int n = args.size();
        if (action.set && (n < 3)) {
            throw new TactusException("property -s needs SUBJECT KEY VALUE [TYPE], e.g. -p system:capture_1 "
                    + "http://jackaudio.org/metadata/pretty-name Left");
        }
        if (action.delete && (n < 1 || n > 2)) {
            throw new TactusException("property -d needs SUBJECT [KEY]");
        }
        if (action.deleteAll && n > 0) {
            throw new TactusException("property -D removes everything and takes no arguments");
        }
        if (!action.set && n > 2) {
            throw new TactusException("only property -s takes a VALUE; to show one give SUBJECT KEY");
        }
        if ((kind.client || kind.port) && n == 0) {
            throw new TactusException("-c and -p say what SUBJECT is, so they need one");
        }
    }

    private long subject(RemoteTactusClient client, String subject) {
        if (kind.client) {
            return client.clientUuid(subject);
        }
        if (kind.port) {
            return client.portByName(subject).id();
        }
        try {
            return Long.parseLong(subject);
        } catch (NumberFormatException e) {
            throw new TactusException("'" + subject + "' is not an id; give -c for a client name or -p for a port name");
        }
    }

    /** jack_property's layout for all: each subject's id, then its properties indented. */
    static void printAll(List<Property> all, PrintStream out) {
        Map<Long, List<Property>> bySubject = new LinkedHashMap<>();
        for (Property p : all) {
            bySubject.computeIfAbsent(p.subject(), s -> new ArrayList<>()).add(p);
        }
        bySubject.forEach((subject, properties) -> {
            out.println(subject);
            properties.forEach(p -> out.println("\t" + line(p)));
        });
    }

    static String line(Property p) {
        return "key: " + p.key() + " value: " + p.value() + (p.type().isEmpty() ? "" : " type: " + p.type());
    }
}
