using System;
using System.Collections;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Grpc.Core.Api.Utils;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>
/// Headers or trailers of a call: an ordered list of key-value entries, where a key may repeat. Keys are
/// lower-cased; a key ending in "-bin" carries bytes, any other key carries an ASCII string.
/// </summary>
public sealed class Metadata : IList<Metadata.Entry>
{
    public const string BinaryHeaderSuffix = "-bin";

    /// <summary>A request header that asks the client to compress the request with the named algorithm.</summary>
    public const string CompressionRequestAlgorithmMetadataKey = "grpc-internal-encoding-request";

    /// <summary>An empty, read-only instance.</summary>
    public static readonly Metadata Empty = new Metadata().Freeze();

    private readonly List<Entry> entries = new();
    private bool readOnly;

    internal Metadata Freeze()
    {
        readOnly = true;
        return this;
    }

    /// <summary>The last entry with the key, or null.</summary>
    public Entry? Get(string key)
    {
        for (var i = entries.Count - 1; i >= 0; i--)
        {
            if (entries[i].KeyEqualsIgnoreCase(key)) return entries[i];
        }
        return null;
    }

    /// <summary>The string value of the last entry with the key, or null; throws for a binary key.</summary>
    public string? GetValue(string key) => Get(key)?.Value;

    /// <summary>The bytes of the last entry with the key, or null.</summary>
    public byte[]? GetValueBytes(string key) => Get(key)?.ValueBytes;

    /// <summary>Every entry with the key, in order.</summary>
    public IEnumerable<Entry> GetAll(string key)
    {
        foreach (var entry in entries)
        {
            if (entry.KeyEqualsIgnoreCase(key)) yield return entry;
        }
    }

    public void Add(string key, string value) => Add(new Entry(key, value));

    public void Add(string key, byte[] valueBytes) => Add(new Entry(key, valueBytes));

    public void Add(Entry item)
    {
        GrpcPreconditions.CheckNotNull(item, nameof(item));
        CheckWriteable();
        entries.Add(item);
    }

    public int IndexOf(Entry item) => entries.IndexOf(item);

    public void Insert(int index, Entry item)
    {
        GrpcPreconditions.CheckNotNull(item, nameof(item));
        CheckWriteable();
        entries.Insert(index, item);
    }

    public void RemoveAt(int index)
    {
        CheckWriteable();
        entries.RemoveAt(index);
    }

    public Entry this[int index]
    {
        get => entries[index];
        set
        {
            GrpcPreconditions.CheckNotNull(value, nameof(value));
            CheckWriteable();
            entries[index] = value;
        }
    }

    public void Clear()
    {
        CheckWriteable();
        entries.Clear();
    }

    public bool Contains(Entry item) => entries.Contains(item);

    public void CopyTo(Entry[] array, int arrayIndex) => entries.CopyTo(array, arrayIndex);

    public int Count => entries.Count;

    public bool IsReadOnly => readOnly;

    public bool Remove(Entry item)
    {
        CheckWriteable();
        return entries.Remove(item);
    }

    public IEnumerator<Entry> GetEnumerator() => entries.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => entries.GetEnumerator();

    private void CheckWriteable() => GrpcPreconditions.CheckState(!readOnly, "Object is read only");

    /// <summary>One key-value pair of metadata.</summary>
    public class Entry
    {
        private readonly string? value;
        private readonly byte[]? valueBytes;

        /// <summary>A binary entry; the key must end in "-bin".</summary>
        public Entry(string key, byte[] valueBytes)
        {
            Key = NormalizeKey(key);
            GrpcPreconditions.CheckArgument(HasBinaryHeaderSuffix(Key), "Key for binary valued metadata entry needs to have suffix indicating binary value.");
            this.valueBytes = (byte[])GrpcPreconditions.CheckNotNull(valueBytes, nameof(valueBytes)).Clone();
        }

        /// <summary>An ASCII entry; the key must not end in "-bin".</summary>
        public Entry(string key, string value)
        {
            Key = NormalizeKey(key);
            GrpcPreconditions.CheckArgument(!HasBinaryHeaderSuffix(Key), "Key for ASCII valued metadata entry cannot have suffix indicating binary value.");
            this.value = GrpcPreconditions.CheckNotNull(value, nameof(value));
        }

        private Entry(string normalizedKey, string? value, byte[]? valueBytes)
        {
            Key = normalizedKey;
            this.value = value;
            this.valueBytes = valueBytes;
        }

        public string Key { get; }

        /// <summary>A copy of the value's bytes (the ASCII bytes of a string value).</summary>
        public byte[] ValueBytes => valueBytes is null ? Encoding.ASCII.GetBytes(value!) : (byte[])valueBytes.Clone();

        /// <summary>The string value; a binary entry has none.</summary>
        public string Value
        {
            get
            {
                GrpcPreconditions.CheckState(!IsBinary, "Cannot access string value of a binary metadata entry");
                return value!;
            }
        }

        public bool IsBinary => valueBytes is not null;

        public override string ToString() => IsBinary
            ? $"[Entry: key={Key}, valueBytes={{{string.Join(", ", valueBytes!)}}}]"
            : $"[Entry: key={Key}, value={value}]";

        /// <summary>The bytes to send, without a copy: the caller must not change them.</summary>
        internal byte[] GetSerializedValueUnsafe() => valueBytes ?? Encoding.ASCII.GetBytes(value!);

        /// <summary>An entry read from native memory, with a key that is known to be valid and lower-case already.</summary>
        internal static Entry CreateUnsafe(string key, IntPtr source, int length)
        {
            if (HasBinaryHeaderSuffix(key))
            {
                var bytes = new byte[length];
                if (length > 0) Marshal.Copy(source, bytes, 0, length);
                return new Entry(key, null, bytes);
            }
            return new Entry(key, Encoding.ASCII.GetString(source, length), null);
        }

        internal bool KeyEqualsIgnoreCase(string key) => string.Equals(Key, key, StringComparison.OrdinalIgnoreCase);

        private static string NormalizeKey(string key)
        {
            GrpcPreconditions.CheckNotNull(key, nameof(key));
            GrpcPreconditions.CheckArgument(IsValidKey(key, out var isLowerCase),
                "Metadata entry key not valid. Keys can only contain lowercase alphanumeric characters, underscores, hyphens and dots.");
            return isLowerCase ? key : key.ToLowerInvariant();
        }

        private static bool IsValidKey(string key, out bool isLowerCase)
        {
            isLowerCase = true;
            if (key.Length == 0) return false;
            foreach (var c in key)
            {
                if (c is >= 'a' and <= 'z' or >= '0' and <= '9' or '.' or '_' or '-') continue;
                if (c is >= 'A' and <= 'Z')
                {
                    isLowerCase = false;
                    continue;
                }
                return false;
            }
            return true;
        }

        internal static bool HasBinaryHeaderSuffix(string key) => key.EndsWith(BinaryHeaderSuffix, StringComparison.OrdinalIgnoreCase);
    }
}
