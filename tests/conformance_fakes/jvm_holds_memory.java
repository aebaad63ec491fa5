// A Java adapter (plain Java, no library) that holds memory in a runtime that reserves more: at
// start it fills the megabytes its first argument names, in arrays of 64 KiB (each written, so
// resident), and holds them to the end; then it writes its own peak address space and resident
// memory (VmPeak, VmHWM, from /proc/self/status) to the file its second argument names, and serves
// the protocol: Yacht's scores (ruleset yacht), every other request skipped. Its other arguments
// (a test's token) it ignores. Told to hold more than its heap (-Xmx), it runs out of memory
// before it says hello (and, under -XX:+CrashOnOutOfMemoryError, crashes with a crash report).
// A test compiles it with javac (tests/conformance/containment/test_limits.py).

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

class JvmHoldsMemory {
    static final int BLOCK = 64 << 10;
    static final List<byte[]> HELD = new ArrayList<>();
    static final String[] ROWS = {
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "full_house", "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht"
    };

    public static void main(String[] args) throws Exception {
        long megabytes = Long.parseLong(args[0]);
        for (long i = 0; i < megabytes * (1 << 20) / BLOCK; i++) {
            byte[] block = new byte[BLOCK];
            for (int at = 0; at < BLOCK; at += 4096) {
                block[at] = 1;
            }
            HELD.add(block);
        }
        StringBuilder peak = new StringBuilder();
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("VmPeak") || line.startsWith("VmHWM")) {
                peak.append(line.replaceAll("\\s+", " ")).append('\n');
            }
        }
        Files.write(Paths.get(args[1]), peak.toString().getBytes(StandardCharsets.UTF_8));
        serve();
    }

    static void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String id = field(line, "\"id\":(\\d+)");
            String op = field(line, "\"op\":\"(\\w+)\"");
            if ("hello".equals(op)) {
                out.println("{\"id\":" + id + ",\"result\":{\"protocol\":2,\"implementation\":"
                    + "{\"name\":\"jvm-holds-memory\",\"language\":\"java\"},\"games\":{\"yacht\":[\"yacht\"]}}}");
            } else if ("score".equals(op) && "yacht".equals(field(line, "\"ruleset\":\"([\\w-]+)\""))) {
                out.println("{\"id\":" + id + ",\"result\":" + score(field(line, "\"dice\":\"(\\d+)\""),
                    field(line, "\"row\":\"(\\w+)\"")) + "}");
            } else {
                out.println("{\"id\":" + id + ",\"skipped\":\"only Yacht's scores\"}");
            }
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
    }

    static String field(String line, String pattern) {
        Matcher found = Pattern.compile(pattern).matcher(line);
        return found.find() ? found.group(1) : null;
    }

    static int score(String dice, String row) {
        int[] counts = new int[7];
        int sum = 0;
        for (char c : dice.toCharArray()) {
            counts[c - '0']++;
            sum += c - '0';
        }
        int face = List.of(ROWS).indexOf(row) + 1;
        if (face >= 1 && face <= 6) {
            return face * counts[face];
        }
        boolean three = false;
        boolean two = false;
        int four = 0;
        for (int f = 1; f <= 6; f++) {
            three |= counts[f] == 3;
            two |= counts[f] == 2;
            four = counts[f] >= 4 ? 4 * f : four;
        }
        switch (row) {
            case "full_house": return three && two ? sum : 0;
            case "four_of_a_kind": return four;
            case "little_straight": return straight(counts, 1) ? 30 : 0;
            case "big_straight": return straight(counts, 2) ? 30 : 0;
            case "choice": return sum;
            case "yacht": return counts[dice.charAt(0) - '0'] == 5 ? 50 : 0;
            default: return 0;
        }
    }

    static boolean straight(int[] counts, int from) {
        for (int f = from; f < from + 5; f++) {
            if (counts[f] != 1) {
                return false;
            }
        }
        return true;
    }
}
