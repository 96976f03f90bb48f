using System.Text;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Records;

/// <summary>
/// The records of the database. Record n depends only on n and the fixed seed, so every generation, on any
/// runtime, writes the same rows: ids 1..count, timestamps rising with the id, descriptions drawn from a
/// fixed vocabulary so that they compress like real text.
/// </summary>
public static class RecordGenerator
{
    public const ulong Seed = 0x6772_7063_6265_6E63; // "grpcbenc"

    public static readonly IReadOnlyList<string> Categories =
    [
        "books", "clothing", "electronics", "furniture", "garden", "groceries", "health", "jewellery", "kitchen", "music",
        "office", "outdoor", "pets", "pharmacy", "software", "sports", "stationery", "tools", "toys", "travel",
    ];

    private static readonly string[] FirstNames =
    [
        "Ada", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kaia", "Luca",
        "Maya", "Nikolai", "Olga", "Pedro", "Quinn", "Rosa", "Samir", "Tessa", "Umar", "Vera", "Wen", "Yusuf",
    ];

    private static readonly string[] LastNames =
    [
        "Andersen", "Bianchi", "Castillo", "Dubois", "Eriksson", "Fischer", "Garcia", "Hansen", "Ivanova", "Jensen",
        "Kowalski", "Larsen", "Moreau", "Nakamura", "Oliveira", "Petrov", "Quiroga", "Rossi", "Schmidt", "Tanaka",
        "Ueda", "Varga", "Weber", "Zhang",
    ];

    private static readonly string[] Words =
    [
        "order", "customer", "delivery", "invoice", "payment", "shipment", "warehouse", "returned", "express", "standard",
        "package", "received", "pending", "confirmed", "cancelled", "refund", "discount", "quantity", "price", "total",
        "account", "address", "city", "region", "country", "postal", "code", "phone", "email", "contact",
        "product", "item", "stock", "supplier", "batch", "serial", "number", "model", "colour", "size",
        "small", "medium", "large", "blue", "green", "black", "white", "red", "silver", "grey",
        "fragile", "handle", "with", "care", "signed", "by", "the", "at", "front", "door",
        "left", "next", "to", "garage", "neighbour", "office", "reception", "morning", "afternoon", "evening",
        "weekday", "weekend", "priority", "gift", "wrapped", "note", "included", "for", "birthday", "anniversary",
        "please", "call", "before", "arrival", "no", "answer", "try", "again", "later", "tomorrow",
        "damaged", "box", "replaced", "under", "warranty", "repair", "requested", "technician", "visit", "scheduled",
        "loyalty", "points", "added", "coupon", "applied", "free", "shipping", "over", "threshold", "member",
        "subscription", "renewed", "monthly", "annual", "plan", "upgrade", "downgrade", "trial", "ended", "active",
        "review", "rating", "stars", "comment", "helpful", "quality", "good", "excellent", "poor", "average",
        "and", "of", "in", "on", "was", "is", "a", "an", "from", "after",
    ];

    private static readonly long Epoch = new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero).ToUnixTimeMilliseconds();

    public static Record Create(long id)
    {
        var random = new SplitMix64(Seed ^ ((ulong)id * 0x9E37_79B9_7F4A_7C15));
        return new Record
        {
            Id = id,
            Name = $"{Pick(FirstNames, ref random)} {Pick(LastNames, ref random)}",
            Category = Categories[random.Below(Categories.Count)],
            // Whole cents, so that the amount survives any round trip through decimal text unchanged.
            Amount = (1 + random.Below(1_000_000)) / 100.0,
            // One record a minute on average, in id order.
            CreatedUnixMs = Epoch + id * 60_000 + random.Below(60_000),
            Description = Description(ref random),
        };
    }

    private static string Description(ref SplitMix64 random)
    {
        var words = 24 + random.Below(13);
        var text = new StringBuilder(words * 8);
        for (var i = 0; i < words; i++)
        {
            var word = Pick(Words, ref random);
            if (i == 0) text.Append(char.ToUpperInvariant(word[0])).Append(word, 1, word.Length - 1);
            else text.Append(' ').Append(word);
        }
        return text.Append('.').ToString();
    }

    private static string Pick(string[] from, ref SplitMix64 random) => from[random.Below(from.Length)];

    /// <summary>SplitMix64: a tiny generator whose output is fixed by its definition, unlike System.Random's.</summary>
    private struct SplitMix64(ulong state)
    {
        public int Below(int bound) => (int)(Next() % (ulong)bound);

        private ulong Next()
        {
            var z = state += 0x9E37_79B9_7F4A_7C15;
            z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9;
            z = (z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB;
            return z ^ (z >> 31);
        }
    }
}
