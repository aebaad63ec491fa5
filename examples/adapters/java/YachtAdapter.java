// A dicespec adapter in plain Java: Yacht's scoring (protocol 2, the score operation), the JDK only.
// Each request is a line of JSON on stdin, each reply a line on stdout; a question it does not
// answer (a replay) is skipped. The JDK has no JSON reader: the runner's requests are flat objects,
// and field() reads one of their fields (a string or a number), enough for them. Run it with
//
//     dicespec conform --impl "java examples/adapters/java/YachtAdapter.java" --ruleset yacht
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class YachtAdapter {
    static final List<String> FACES = List.of("ones", "twos", "threes", "fours", "fives", "sixes");

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*(\"([^\"]*)\"|-?\\d+)").matcher(json);
        return !m.find() ? null : m.group(2) != null ? m.group(2) : m.group(1);
    }

    static int score(String dice, String row) {
        int[] counts = new int[7];
        int sum = 0;
        for (char c : dice.toCharArray()) { counts[c - '0']++; sum += c - '0'; }
        char[] sorted = dice.toCharArray();
        Arrays.sort(sorted);
        boolean three = false, two = false;
        int four = 0, five = 0;
        for (int face = 1; face <= 6; face++) {
            three |= counts[face] == 3; two |= counts[face] == 2;
            if (counts[face] >= 4) four = face;
            if (counts[face] == 5) five = face;
        }
        if (FACES.contains(row)) { int face = FACES.indexOf(row) + 1; return face * counts[face]; }
        switch (row) {
            case "full_house": return three && two ? sum : 0;
            case "four_of_a_kind": return 4 * four;
            case "little_straight": return new String(sorted).equals("12345") ? 30 : 0;
            case "big_straight": return new String(sorted).equals("23456") ? 30 : 0;
            case "choice": return sum;
            case "yacht": return five > 0 ? 50 : 0;
            default: throw new IllegalArgumentException("no row " + row);
        }
    }

    static String reply(String request) {
        String id = field(request, "id"), op = field(request, "op");
        try {
            if ("hello".equals(op)) {
                return "{\"id\":" + id + ",\"result\":{\"protocol\":2,\"implementation\":{\"name\":\"yacht-java\","
                    + "\"language\":\"java\"},\"games\":{\"yacht\":[\"yacht\"]}}}";
            }
            if ("score".equals(op) && "yacht".equals(field(request, "ruleset"))) {
                return "{\"id\":" + id + ",\"result\":" + score(field(request, "dice"), field(request, "row")) + "}";
            }
            return "{\"id\":" + id + ",\"skipped\":\"" + op + " is not implemented\"}";
        } catch (RuntimeException e) {
            return "{\"id\":" + id + ",\"error\":{\"message\":\"" + e.getClass().getSimpleName() + "\"}}";
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            System.out.println(reply(line));
            System.out.flush();
        }
    }
}
